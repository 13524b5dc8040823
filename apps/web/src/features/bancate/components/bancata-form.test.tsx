import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { BancataFormDialog } from './bancata-form';

const STATUARIO = '01a20158-6dea-77ef-a7cd-000000000002';
const materiali = [
  {
    _id: STATUARIO,
    createdAt: '2026-01-01T00:00:00.000Z',
    nome: 'Statuario',
    tipo: 'marmo',
    densita: 2.71,
    attivo: true,
  },
];
const cave = [
  {
    _id: '01a20158-6e23-772c-b373-000000000001',
    createdAt: '2026-01-01T00:00:00.000Z',
    codice: '173',
    nome: 'Canalgrande',
    comune: 'Carrara',
    bacino: null,
    concessione: null,
    attiva: true,
  },
];

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith('/api/materiali')) return Promise.resolve(jsonResponse(materiali));
  if (url.endsWith('/api/cave')) return Promise.resolve(jsonResponse(cave));
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

beforeEach(() => {
  setSession(DEMO_USERS.produzione, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('bancata form', { timeout: 30_000 }, () => {
  it('volume and estimated weight follow the measures and the materiale, Italian numbers typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [
        {
          path: '/app/bancate',
          element: <BancataFormDialog onClose={() => undefined} onSaved={() => undefined} />,
        },
      ],
      '/app/bancate',
    );
    const volume = () => screen.getByTestId('computed-volumeLordo').textContent;
    const peso = () => screen.getByTestId('computed-pesoStimato').textContent;
    await user.type(screen.getByLabelText(/^Lunghezza/), '1.200');
    await user.type(screen.getByLabelText(/^Altezza/), '600');
    expect(volume()).toBe('—');
    await user.type(screen.getByLabelText(/^Profondità/), '400');
    expect(volume()).toBe('288,000 m³');
    // no materiale yet: no density, no weight
    expect(peso()).toBe('—');
    await user.click(
      document.getElementById('bancata-materialeId')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: 'Statuario', hidden: true }));
    await waitFor(() => expect(peso()).toBe('780,48 t'));
    expect(screen.getByText('Peso stimato (2,71 t/m³)')).toBeInTheDocument();
  });

  it('required fields are named beside them on save', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [
        {
          path: '/app/bancate',
          element: <BancataFormDialog onClose={() => undefined} onSaved={() => undefined} />,
        },
      ],
      '/app/bancate',
    );
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const messageOf = (id: string) =>
      document.getElementById(document.getElementById(id)?.getAttribute('aria-describedby') ?? '')
        ?.textContent;
    await waitFor(() => expect(messageOf('bancata-lunghezza')).toBe('Lunghezza: obbligatorio'));
    expect(messageOf('bancata-cavaId')).toBe('Scegli la cava');
    expect(messageOf('bancata-materialeId')).toBe('Scegli il materiale');
    // the first field in error, in the page's order, takes the focus (the cava, a dropdown)
    await waitFor(() => expect(document.activeElement?.id).toBe('bancata-cavaId'));
  });

  it('a long note is counted and refused past the limit, never cut', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [
        {
          path: '/app/bancate',
          element: <BancataFormDialog onClose={() => undefined} onSaved={() => undefined} />,
        },
      ],
      '/app/bancate',
    );
    const note = screen.getByLabelText('Note');
    await user.click(note);
    await user.paste('Pelo. '.repeat(350));
    expect(note).toHaveValue('Pelo. '.repeat(350));
    expect(screen.getByTestId('bancata-note-counter')).toHaveTextContent('2.100 / 2.000');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(document.getElementById('bancata-note-error')).toHaveTextContent(
        'Al massimo 2000 caratteri',
      ),
    );
  });
});
