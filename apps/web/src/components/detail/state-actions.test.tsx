import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StateActions, type StateMove } from './state-actions';

const moveOf = (): StateMove => ({ label: 'Inizia il taglio', icon: 'pi pi-play' });

describe('StateActions', () => {
  it('a double click sends one move', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    render(<StateActions name="bancata" moves={['in_taglio']} moveOf={moveOf} onMove={onMove} />);
    await user.dblClick(screen.getByRole('button', { name: 'Inizia il taglio' }));
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('takes clicks again once the move is over', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    const view = render(
      <StateActions name="bancata" moves={['in_taglio']} moveOf={moveOf} onMove={onMove} />,
    );
    await user.click(screen.getByRole('button', { name: 'Inizia il taglio' }));
    view.rerender(
      <StateActions name="bancata" moves={['in_taglio']} moveOf={moveOf} onMove={onMove} busy />,
    );
    view.rerender(
      <StateActions
        name="bancata"
        moves={['in_taglio']}
        moveOf={moveOf}
        onMove={onMove}
        busy={false}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Inizia il taglio' }));
    expect(onMove).toHaveBeenCalledTimes(2);
  });
});
