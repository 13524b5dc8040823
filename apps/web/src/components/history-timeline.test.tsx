import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { HistoryItem } from '@gestcava/contracts';
import { HistoryTimeline } from './history-timeline';

const CLIENTE = '5b6c2f0e-8f0a-4a57-9d0e-2f3c1b0a9e11';
const row = (changes: HistoryItem['changes'], names?: Record<string, string>): HistoryItem => ({
  _id: crypto.randomUUID(),
  action: 'stato',
  at: '2026-11-20T09:00:00.000Z',
  user: null,
  changes,
  note: null,
  names,
});

describe('history timeline', () => {
  it('shows an id by the name the server sent, even when the page no longer knows it', () => {
    render(
      <HistoryTimeline
        items={[
          row({ clienteId: { from: CLIENTE, to: null } }, { [CLIENTE]: 'Stone Design GmbH' }),
        ]}
        fieldLabels={{ clienteId: 'Cliente' }}
        formatValue={(_field, value) => (value === null ? '—' : 'altro')}
      />,
    );
    const change = screen.getByText('Cliente').parentElement!;
    expect(change).toHaveTextContent('Stone Design GmbH');
    expect(change).not.toHaveTextContent('altro');
  });

  it('numbers in Italian form by default: a decimal comma, never a dot', () => {
    render(
      <HistoryTimeline
        items={[row({ resa: { from: null, to: 36.38 }, pezzi: { from: 1200, to: 1234.5 } })]}
        fieldLabels={{ resa: 'Resa', pezzi: 'Pezzi' }}
      />,
    );
    const [item] = screen.getAllByTestId('history-item');
    expect(within(item!).getByText('Resa').parentElement).toHaveTextContent(/—diventa36,38$/);
    expect(within(item!).getByText('Pezzi').parentElement).toHaveTextContent(
      /1\.200diventa1\.234,5$/,
    );
  });
});
