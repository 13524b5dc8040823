import { describe, expect, it } from 'vitest';
import { pezziOf } from '@gestcava/contracts';
import { conversione, type LottoQuantita } from './lotto-quantita';

// 305 × 305 mm tiles (0,093025 m²), 11 per box (1,023275 m²)
const lotto: LottoQuantita = {
  lunghezzaMm: 305,
  larghezzaMm: 305,
  pezziPerCassa: 11,
  vendutoACasse: true,
  disponibili: 500,
};
const text = (l: LottoQuantita, unit: 'pezzi' | 'casse' | 'mq', value: number) =>
  conversione(l, unit, value, pezziOf({ [unit]: value }, l));

describe('conversione', () => {
  it('m² of a lot sold by the box say the whole boxes they take', () => {
    // 10 m² are 108 pieces, 9,8 boxes: 10 boxes
    expect(text(lotto, 'mq', 10)).toBe('10,00 m² → 10 casse (110 pezzi, 10,23 m²)');
    expect(text(lotto, 'mq', 1.02)).toBe('1,02 m² → 1 cassa (11 pezzi, 1,02 m²)');
    expect(text(lotto, 'mq', 0.5)).toBe(
      'Meno di una cassa: il lotto si vende a casse intere, una cassa misura 1,023275 m²',
    );
    expect(conversione(lotto, 'mq', undefined, null)).toBe(
      'Liberi: 500 pezzi (11 per cassa, si vende a casse intere)',
    );
  });

  it('a lot not sold by the box converts m² to whole pieces', () => {
    expect(text({ ...lotto, vendutoACasse: false }, 'mq', 10)).toBe(
      '= 108 pezzi · 10,05 m² · 9 casse da 11 + 1 da 9',
    );
    expect(text({ ...lotto, vendutoACasse: false }, 'mq', 0.05)).toBe(
      'Meno di un pezzo: un pezzo misura 0,093025 m²',
    );
  });
});
