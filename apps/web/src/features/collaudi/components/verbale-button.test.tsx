import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerbaleButton } from './verbale-button';

const getVerbaleLink = vi.hoisted(() => vi.fn());
vi.mock('../api/collaudi', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getVerbaleLink,
}));

afterEach(() => {
  getVerbaleLink.mockReset();
  vi.restoreAllMocks();
});

describe('VerbaleButton', () => {
  it('downloads the Italian verbale, or the English one for a foreign buyer, each under its own file name', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    getVerbaleLink.mockImplementation((id: string, lingua: string) =>
      Promise.resolve({ url: `/api/collaudi/${id}/verbale?sig=s&lingua=${lingua}` }),
    );
    render(<VerbaleButton collaudoId="col-1" codice="CO-2026-0007" />);

    await userEvent.click(screen.getByRole('button', { name: 'Scarica verbale' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Verbale (EN)' }));
    await waitFor(() => expect(clicked).toHaveLength(2));

    expect(getVerbaleLink.mock.calls).toEqual([
      ['col-1', 'it'],
      ['col-1', 'en'],
    ]);
    expect(clicked[0]).toMatchObject({ download: 'verbale-CO-2026-0007.pdf' });
    expect(clicked[0]!.href).toContain('/api/collaudi/col-1/verbale?sig=s&lingua=it');
    expect(clicked[1]).toMatchObject({ download: 'inspection-report-CO-2026-0007.pdf' });
    expect(clicked[1]!.href).toContain('lingua=en');
  });
});
