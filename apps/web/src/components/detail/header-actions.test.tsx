import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeaderActions, type HeaderAction } from './header-actions';

function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => vi.unstubAllGlobals());

const edit = vi.fn();
const ACTIONS: HeaderAction[] = [
  { label: 'Modifica', icon: 'pi pi-pencil', onClick: edit, testId: 'x-edit' },
  {
    label: 'Declassa',
    icon: 'pi pi-arrow-down',
    look: 'warning',
    onClick: () => undefined,
    testId: 'x-declassa',
  },
  {
    label: 'Correggi codice',
    icon: 'pi pi-hashtag',
    look: 'outlined',
    onClick: () => undefined,
    testId: 'x-codice',
  },
  {
    label: 'Elimina',
    icon: 'pi pi-trash',
    look: 'danger',
    onClick: () => undefined,
    testId: 'x-delete',
  },
];

describe('detail header actions', () => {
  it('side by side on a wide screen', () => {
    phone(false);
    render(<HeaderActions actions={ACTIONS} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Modifica',
      'Declassa',
      'Correggi codice',
      'Elimina',
    ]);
  });

  it('on a phone, one "Azioni" menu with the same actions', async () => {
    phone(true);
    const user = userEvent.setup();
    render(<HeaderActions actions={ACTIONS} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Azioni']);
    await user.click(screen.getByRole('button', { name: 'Azioni' }));
    // the popup fades in: jsdom counts it hidden until a transition that never ends there
    expect(
      (await screen.findAllByRole('menuitem', { hidden: true })).map((i) => i.textContent),
    ).toEqual(['Modifica', 'Declassa', 'Correggi codice', 'Elimina']);
    await user.click(screen.getByRole('menuitem', { name: 'Modifica', hidden: true }));
    expect(edit).toHaveBeenCalledTimes(1);
  });

  it('nothing at all without actions', () => {
    phone(true);
    const { container } = render(<HeaderActions actions={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
