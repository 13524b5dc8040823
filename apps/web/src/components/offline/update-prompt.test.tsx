import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { offerUpdate } from '@/lib/offline/app-update';
import { holdUnsavedChanges } from '@/lib/unsaved-changes';
import { UpdatePrompt } from './update-prompt';

afterEach(() => act(() => offerUpdate(null)));

describe('new version prompt', () => {
  it('shows nothing while the running version is the newest', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
  });

  it('offers the waiting version and activates it only on "Aggiorna"', async () => {
    const apply = vi.fn(() => Promise.resolve());
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));

    expect(screen.getByRole('status')).toHaveTextContent('Nuova versione disponibile');
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('waits while a form has unsaved changes, and says why', async () => {
    const apply = vi.fn(() => Promise.resolve());
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    let release = () => {};
    act(() => {
      release = holdUnsavedChanges();
    });

    const update = screen.getByRole('button', { name: 'Aggiorna' });
    expect(update).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'salva o chiudi il modulo aperto per aggiornare',
    );
    await userEvent.click(update);
    expect(apply).not.toHaveBeenCalled();

    act(() => release());
    expect(update).toBeEnabled();
    expect(screen.getByRole('status')).not.toHaveTextContent('salva o chiudi');
    await userEvent.click(update);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('"Più tardi" puts the prompt away without updating', async () => {
    const apply = vi.fn(() => Promise.resolve());
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Più tardi' }));
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
  });

  it('lets the user try again when the activation fails', async () => {
    const apply = vi.fn(() => Promise.reject(new Error('nessun worker in attesa')));
    render(<UpdatePrompt />);
    act(() => offerUpdate(apply));
    const update = screen.getByRole('button', { name: 'Aggiorna' });
    await userEvent.click(update);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(update).toBeEnabled();
  });
});
