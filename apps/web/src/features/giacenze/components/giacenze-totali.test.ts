import { describe, expect, it } from 'vitest';
import type { Giacenze } from '@gestcava/contracts';
import { totaliGiacenza } from './giacenze-totali';

type Riga = Giacenze['righe'][number];
const riga = (tipo: Riga['tipo'], pezzi: number, mq: number): Riga => ({
  tipo,
  materiale: { _id: 'm', nome: 'Statuario' },
  spessoreMm: 20,
  finitura: 'lucido',
  scelta: 'prima',
  ubicazione: null,
  pezzi,
  mq,
  pesoT: 1,
  valore: 100,
  senzaPrezzo: 0,
});

describe('totaliGiacenza', () => {
  it('counts slabs and tiles apart, never as one "pezzi" figure', () => {
    const totali = totaliGiacenza([
      riga('lastre', 12, 54),
      riga('pavimenti', 800, 74.42),
      riga('lastre', 3, 13.5),
    ]);
    expect(totali).toEqual([
      { label: 'Lastre', value: '15' },
      { label: 'Pezzi di pavimento', value: '800' },
      { label: 'm²', value: '141,92 m²' },
      { label: 'Peso', value: '3,00 t' },
      { label: 'Valore a listino', value: '300,00\u00a0€' },
    ]);
    expect(totali.map((t) => t.label)).not.toContain('Pezzi');
  });

  it('shows only the kinds the user sees', () => {
    expect(totaliGiacenza([riga('pavimenti', 40, 3.72)]).map((t) => t.label)).toEqual([
      'Pezzi di pavimento',
      'm²',
      'Peso',
      'Valore a listino',
    ]);
  });
});
