import { describe, expect, it } from 'vitest';
import { scelteText } from './magazzino.js';
import { pezziOf } from './stock.js';

const lotto = { lunghezzaMm: 305, larghezzaMm: 305, pezziPerCassa: 12 };

describe('pezziOf', () => {
  it('rounds m² up to whole pieces, counts boxes whole, and makes less than one piece 0 (the server refuses it)', () => {
    expect(pezziOf({ mq: 10 }, lotto)).toBe(108);
    expect(pezziOf({ mq: 0.093025 }, lotto)).toBe(1);
    // one piece's area as typed with two decimals
    expect(pezziOf({ mq: 0.09 }, lotto)).toBe(1);
    expect(pezziOf({ mq: 0.05 }, lotto)).toBe(0);
    expect(pezziOf({ mq: 1e-12 }, lotto)).toBe(0);
    expect(pezziOf({ mq: 1e-12 }, { lunghezzaMm: 50, larghezzaMm: 50, pezziPerCassa: 100 })).toBe(
      0,
    );
    expect(pezziOf({ casse: 2 }, lotto)).toBe(24);
    expect(pezziOf({ pezzi: 7 }, lotto)).toBe(7);
  });

  it('a lot sold by the box takes m² in whole boxes, and less than one box is 0', () => {
    const perCassa = { lunghezzaMm: 305, larghezzaMm: 305, pezziPerCassa: 11, vendutoACasse: true };
    // 10 m² are 108 pieces, 9,8 boxes of 11: 10 boxes
    expect(pezziOf({ mq: 10 }, perCassa)).toBe(110);
    // exactly 2 boxes (2,0466 m², typed 2,05) stay 2
    expect(pezziOf({ mq: 2.05 }, perCassa)).toBe(22);
    // one box is 1,023275 m², typed 1,02; less is no box
    expect(pezziOf({ mq: 1.02 }, perCassa)).toBe(11);
    expect(pezziOf({ mq: 0.9 }, perCassa)).toBe(0);
    expect(pezziOf({ pezzi: 7 }, perCassa)).toBe(7);
    expect(pezziOf({ casse: 2 }, perCassa)).toBe(22);
  });
});

describe('scelteText', () => {
  it('says one grade plainly and a mixed bundle grade by grade with its slabs', () => {
    expect(scelteText({ scelta: 'prima', scelte: [{ scelta: 'prima', lastre: 4 }] })).toBe('Prima');
    expect(
      scelteText({
        scelta: 'seconda',
        scelte: [
          { scelta: 'prima', lastre: 3 },
          { scelta: 'seconda', lastre: 1 },
        ],
      }),
    ).toBe('3 prima · 1 seconda');
    expect(scelteText({ scelta: 'commerciale', scelte: [] })).toBe('Commerciale');
  });
});
