import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ConfermaSummaryView } from './conferma-summary';
import { confermaSummary } from './conferma-model';
import { collaudo, riga } from './collaudi-fixtures';

/** A list item's cells, as read (the currency's no-break space read as a space). */
const cells = (li: HTMLElement) =>
  Array.from(li.children).map((c) => (c.textContent ?? '').replace(/\u00a0/g, ' '));

const c = collaudo({
  stato: 'eseguito',
  righe: [
    riga(1, { esito: 'accettato', prezzo: 1000, volumeNettoAccettato: 8.54, importo: 854000 }),
    riga(2, { esito: 'rifiutato', prezzo: null, statoPrecedente: 'opzionato' }),
    riga(3, {
      esito: 'accettato_con_riserva',
      prezzo: 900,
      volumeNettoAccettato: 9,
      importo: 810000,
      note: 'Pelo',
    }),
  ],
  totali: { blocchiAccettati: 2, volumeNetto: 17.54, peso: 47.36, importo: 1664000 },
});

describe('confirming a collaudo', () => {
  it('lists the blocks sold to the cliente with m³ and amount, and those going back with their state', () => {
    expect(confermaSummary(c)).toEqual({
      cliente: 'Marmi Export S.p.A.',
      venduti: [
        { codice: 'BL-2026-0041', volume: 8.54, importo: 854000 },
        { codice: 'BL-2026-0043', volume: 9, importo: 810000 },
      ],
      tornano: [{ codice: 'BL-2026-0042', stato: 'opzionato' }],
    });
    render(<ConfermaSummaryView collaudo={c} />);
    const summary = screen.getByTestId('conferma-summary');
    expect(summary).toHaveTextContent('2 blocchi venduti a Marmi Export S.p.A.');
    const venduti = within(screen.getByTestId('conferma-venduti'))
      .getAllByRole('listitem')
      .map(cells);
    expect(venduti).toEqual([
      ['BL-2026-0041', '8,540 m³', '8.540,00 €'],
      ['BL-2026-0043', '9,000 m³', '8.100,00 €'],
      ['Totale', '17,540 m³', '16.640,00 €'],
    ]);
    const tornano = within(screen.getByTestId('conferma-tornano'))
      .getAllByRole('listitem')
      .map(cells);
    expect(tornano).toEqual([['BL-2026-0042', 'torna opzionato']]);
  });

  it('nothing accepted: nothing is sold, every block goes back', () => {
    render(
      <ConfermaSummaryView collaudo={collaudo({ righe: [riga(1, { esito: 'rifiutato' })] })} />,
    );
    expect(screen.getByTestId('conferma-summary')).toHaveTextContent(
      'Nessun blocco accettato: niente sarà venduto.',
    );
    expect(screen.queryByTestId('conferma-venduti')).toBeNull();
    expect(within(screen.getByTestId('conferma-tornano')).getByRole('listitem')).toHaveTextContent(
      'BL-2026-0041torna disponibile',
    );
  });
});
