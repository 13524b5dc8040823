import { describe, expect, it } from 'vitest';
import { BANCATA_STATI, BANCATA_STATI_CON_BLOCCHI, BANCATA_TRANSITIONS } from './bancate.js';
import {
  BLOCCO_STATI,
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATI_ELIMINABILI,
  BLOCCO_TRANSITIONS,
  canMoveBlocco,
} from './blocchi.js';

describe('bancata transitions (docs/domain.md)', () => {
  it('go forward through the cut, may be cancelled until squaring starts, and end at chiusa or annullata', () => {
    expect(BANCATA_TRANSITIONS).toEqual({
      pianificata: ['in_taglio', 'annullata'],
      in_taglio: ['ribaltata', 'annullata'],
      ribaltata: ['in_riquadratura', 'annullata'],
      in_riquadratura: ['chiusa'],
      chiusa: [],
      annullata: [],
    });
  });

  it('name only known states, never the same state, and every state is reachable from pianificata', () => {
    const reached = new Set<string>(['pianificata']);
    for (const from of BANCATA_STATI) {
      for (const to of BANCATA_TRANSITIONS[from]) {
        expect(BANCATA_STATI).toContain(to);
        expect(to).not.toBe(from);
      }
    }
    for (let grew = true; grew;) {
      const size = reached.size;
      for (const from of [...reached])
        for (const to of BANCATA_TRANSITIONS[from as (typeof BANCATA_STATI)[number]])
          reached.add(to);
      grew = reached.size > size;
    }
    expect([...reached].sort()).toEqual([...BANCATA_STATI].sort());
  });

  it('give blocchi only while the bancata lies toppled', () => {
    expect(BANCATA_STATI_CON_BLOCCHI).toEqual(['ribaltata', 'in_riquadratura']);
  });
});

describe('blocco transitions (docs/domain.md)', () => {
  it('let the user move only along the manual moves', () => {
    expect(canMoveBlocco('in_piazzale', 'disponibile')).toBe(true);
    expect(canMoveBlocco('disponibile', 'opzionato')).toBe(true);
    expect(canMoveBlocco('opzionato', 'opzionato')).toBe(true);
    expect(canMoveBlocco('venduto', 'spedito')).toBe(true);
    expect(canMoveBlocco('disponibile', 'in_collaudo')).toBe(false);
    expect(canMoveBlocco('in_collaudo', 'venduto')).toBe(false);
    expect(canMoveBlocco('spedito', 'disponibile')).toBe(false);
  });

  it('let the modules that cause them (collaudi, lavorazioni) make the system moves as well as the manual ones', () => {
    expect(canMoveBlocco('disponibile', 'in_collaudo', 'system')).toBe(true);
    expect(canMoveBlocco('in_collaudo', 'venduto', 'system')).toBe(true);
    expect(canMoveBlocco('disponibile', 'in_segagione', 'system')).toBe(true);
    expect(canMoveBlocco('in_segagione', 'segato', 'system')).toBe(true);
    expect(canMoveBlocco('in_piazzale', 'disponibile', 'system')).toBe(true);
    expect(canMoveBlocco('in_piazzale', 'in_segagione', 'system')).toBe(false);
  });

  it('end for good at segato and scartato; spedito only goes back to venduto, when its DDT is cancelled', () => {
    for (const end of ['segato', 'scartato'] as const) {
      for (const to of BLOCCO_STATI) expect(canMoveBlocco(end, to, 'system')).toBe(false);
    }
    for (const to of BLOCCO_STATI)
      expect(canMoveBlocco('spedito', to, 'system')).toBe(to === 'venduto');
    for (const to of BLOCCO_STATI) expect(canMoveBlocco('spedito', to, 'manual')).toBe(false);
  });

  it('name only known states', () => {
    for (const from of BLOCCO_STATI) {
      for (const to of [...BLOCCO_TRANSITIONS[from].manual, ...BLOCCO_TRANSITIONS[from].system])
        expect(BLOCCO_STATI).toContain(to);
    }
    for (const s of [...BLOCCO_STATI_DECLASSABILI, ...BLOCCO_STATI_ELIMINABILI])
      expect(BLOCCO_STATI).toContain(s);
  });

  it('keep a sold, sawn or in-progress block from being declassed or deleted', () => {
    for (const s of ['in_collaudo', 'venduto', 'spedito', 'in_segagione', 'segato'] as const) {
      expect(BLOCCO_STATI_DECLASSABILI).not.toContain(s);
      expect(BLOCCO_STATI_ELIMINABILI).not.toContain(s);
    }
  });
});
