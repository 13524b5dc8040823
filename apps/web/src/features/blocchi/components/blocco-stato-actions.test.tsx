import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLOCCO_STATI, BLOCCO_TRANSITIONS, canMoveBlocco } from '@gestcava/contracts';
import { BloccoStatoActions } from './blocco-stato-actions';
import { webMoves } from './blocco-moves';

const testIds = () => screen.queryAllByRole('button').map((b) => b.getAttribute('data-testid'));

describe('blocco state buttons: only the manual moves of the transition table', () => {
  it.each(BLOCCO_STATI)('from %s', (stato) => {
    const { unmount } = render(<BloccoStatoActions stato={stato} onMove={() => undefined} />);
    const allowed = webMoves(stato, BLOCCO_TRANSITIONS[stato].manual);
    expect(testIds()).toEqual(allowed.map((to) => `blocco-move-${to}`));
    // never a system move (in collaudo, in segagione, venduto…) and nothing the table refuses
    for (const to of BLOCCO_STATI) {
      if (!allowed.includes(to)) expect(screen.queryByTestId(`blocco-move-${to}`)).toBeNull();
      else expect(canMoveBlocco(stato, to)).toBe(true);
    }
    if (allowed.length === 0)
      expect(screen.queryByRole('group', { name: 'Cambia stato' })).toBeNull();
    unmount();
  });

  it('a sold block has no manual «Spedito»: it ships with a DDT', () => {
    expect(BLOCCO_TRANSITIONS.venduto.manual).toContain('spedito');
    render(<BloccoStatoActions stato="venduto" onMove={() => undefined} />);
    expect(screen.queryByTestId('blocco-move-spedito')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Cambia stato' })).toBeNull();
  });

  it('names the moves as the yard says them and reports the target state', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    const { rerender } = render(<BloccoStatoActions stato="in_piazzale" onMove={onMove} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Disponibile',
      'Scarta',
    ]);
    await user.click(screen.getByRole('button', { name: 'Disponibile' }));
    expect(onMove).toHaveBeenCalledWith('disponibile');

    rerender(<BloccoStatoActions stato="opzionato" onMove={onMove} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      "Rinnova o cambia l'opzione",
      "Togli l'opzione",
      'Scarta',
    ]);
    await user.click(screen.getByRole('button', { name: "Togli l'opzione" }));
    expect(onMove).toHaveBeenLastCalledWith('disponibile');

    rerender(<BloccoStatoActions stato="disponibile" onMove={onMove} busy />);
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
  });

  it("for a seller with read-only blocchi: opziona, rinnova and togli l'opzione only", () => {
    const { rerender } = render(
      <BloccoStatoActions stato="disponibile" optionsOnly onMove={() => undefined} />,
    );
    expect(testIds()).toEqual(['blocco-move-opzionato']);
    rerender(<BloccoStatoActions stato="opzionato" optionsOnly onMove={() => undefined} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      "Rinnova o cambia l'opzione",
      "Togli l'opzione",
    ]);
    rerender(<BloccoStatoActions stato="in_piazzale" optionsOnly onMove={() => undefined} />);
    expect(screen.queryByRole('group', { name: 'Cambia stato' })).toBeNull();
  });
});
