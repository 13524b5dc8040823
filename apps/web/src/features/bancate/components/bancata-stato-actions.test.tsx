import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANCATA_STATI, BANCATA_TRANSITIONS } from '@gestcava/contracts';
import { BancataStatoActions } from './bancata-stato-actions';

describe('bancata state buttons: only the moves of the transition table', () => {
  it.each(BANCATA_STATI)('from %s', (stato) => {
    const { unmount } = render(<BancataStatoActions stato={stato} onMove={() => undefined} />);
    expect(screen.queryAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual(
      BANCATA_TRANSITIONS[stato].map((to) => `bancata-move-${to}`),
    );
    unmount();
  });

  it('pianificata → in taglio or annullata; the click reports the target', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    render(<BancataStatoActions stato="pianificata" onMove={onMove} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Inizia il taglio',
      'Annulla la bancata',
    ]);
    await user.click(screen.getByRole('button', { name: 'Inizia il taglio' }));
    expect(onMove).toHaveBeenCalledWith('in_taglio');
  });
});
