import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Movimento } from '@gestcava/contracts';
import { MovimentiSection } from './movimenti-section';

const base: Movimento = {
  _id: 'm1',
  tipo: 'scarico',
  pezzi: -1,
  mq: -2.88,
  casse: null,
  blocco: null,
  pacco: null,
  lastra: null,
  lotto: null,
  causale: 'Vendita a Stone Design GmbH',
  documento: 'DDT 118/26',
  cliente: { _id: 'c1', ragioneSociale: 'Stone Design GmbH' },
  prezzo: 185.5,
  unitaPrezzo: 'mq',
  importo: 534.24,
  utente: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};
const show = (items: Movimento[], unit: 'lastre' | 'pezzi', pezziPerCassa?: number) => {
  render(
    <MovimentiSection
      query={{ data: { items }, isPending: false, isError: false, error: null }}
      unit={unit}
      testId="movimenti"
      pezziPerCassa={pezziPerCassa}
    />,
  );
  // the line before the date, user and causale (spaces as typed: the € sign follows a no-break space)
  return Array.from(screen.getByTestId('movimenti').querySelectorAll('li')).map((li) =>
    li.textContent!.replace(li.querySelector('span')!.textContent!, '').replace(/\u00a0/g, ' '),
  );
};

describe('movimenti lines', () => {
  it('a slab sale shows the unit price with the amount beside it', () => {
    const lines = show([base], 'lastre');
    expect(lines[0]).toBe(
      'Scarico -1 lastra, -2,88 m² · Stone Design GmbH · 185,50 €/m² · 534,24 € · DDT 118/26',
    );
  });

  it('a lot sale says the boxes as they stand, and a transfer its total once', () => {
    const sale = {
      ...base,
      pezzi: -245,
      mq: -22.79,
      prezzo: 5,
      unitaPrezzo: 'pezzo' as const,
      importo: 1225,
    };
    const transfer = {
      ...base,
      _id: 'm2',
      tipo: 'trasferimento' as const,
      pezzi: -24,
      mq: -2.23,
      prezzo: 300,
      unitaPrezzo: 'totale' as const,
      importo: 300,
    };
    const lines = show([sale, transfer], 'pezzi', 8);
    expect(lines[0]).toBe(
      'Scarico -245 pezzi, -22,79 m², 30 casse da 8 + 1 da 5 · Stone Design GmbH · 5,00 €/pezzo · 1.225,00 € · DDT 118/26',
    );
    expect(lines[1]).toBe(
      'Trasferimento -24 pezzi, -2,23 m², 3 casse da 8 · Stone Design GmbH · 300,00 € · DDT 118/26',
    );
  });
});
