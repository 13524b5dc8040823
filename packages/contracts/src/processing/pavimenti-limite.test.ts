import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  limitePiastrelleBlocco,
  limitePiastrelleLastre,
  lunghezzaUtile,
  piastrelleMassimeLastra,
  verificaPiastrelle,
} from './pavimenti-limite.js';

describe('lunghezzaUtile', () => {
  it('is the longest sum of whole sides that fits', () => {
    expect(lunghezzaUtile(2800, 610, 305)).toBe(2745); // 9 × 305
    expect(lunghezzaUtile(1430, 610, 305)).toBe(1220); // 4 × 305
    expect(lunghezzaUtile(1000, 400, 300)).toBe(1000); // 400 + 300 + 300
    expect(lunghezzaUtile(299, 400, 300)).toBe(0);
    expect(lunghezzaUtile(1190, 600, 600)).toBe(600);
  });
});

describe('piastrelleMassimeLastra', () => {
  it('gives 18 tiles 610×305 from a 2800×1430 slab, so 54 from three', () => {
    // 2745 × 1220 / (610 × 305) = 3 348 900 / 186 050 = 18
    expect(piastrelleMassimeLastra({ lunghezzaMm: 2800, altezzaMm: 1430 }, f(610, 305))).toBe(18);
    const lastra = { lunghezzaMm: 2800, altezzaMm: 1430, mq: 4 };
    expect(limitePiastrelleLastre([lastra, lastra, lastra], f(610, 305))).toEqual({
      pezziMassimi: 54,
      mqOrigine: 12,
    });
  });

  it('counts a mixed row: 1000 × 700 with 400×300 gives ⌊1000 × 700 / 120 000⌋ = 5', () => {
    expect(lunghezzaUtile(700, 400, 300)).toBe(700);
    expect(piastrelleMassimeLastra({ lunghezzaMm: 1000, altezzaMm: 700 }, f(400, 300))).toBe(5);
  });
});

describe('limitePiastrelleBlocco', () => {
  it('slices the block at the thickness across its best face', () => {
    // 100 × 60 × 10 cm, tiles 305×305×20: face 1000×600 → 915 × 305 / 305² = 3 per slice, 100 mm / 20 = 5 slices
    // face 1000×100 → 0; face 600×100 → 0. Source m²: 5 × 1.0 × 0.6 = 3.
    expect(
      limitePiastrelleBlocco(
        { lunghezzaNetta: 100, altezzaNetta: 60, profonditaNetta: 10 },
        { lunghezzaMm: 305, larghezzaMm: 305, spessoreMm: 20 },
      ),
    ).toEqual({ pezziMassimi: 15, mqOrigine: 3 });
  });
});

describe('verificaPiastrelle', () => {
  const limite = { pezziMassimi: 54, mqOrigine: 12.01 };
  it('refuses more than the bound, naming it', () => {
    const v = verificaPiastrelle(limite, f(610, 305), 55, 'da queste 3 lastre');
    expect(v).toEqual({
      ok: false,
      pezziMassimi: 54,
      message: 'Al massimo 54 piastrelle 610×305 mm da queste 3 lastre, non 55',
    });
  });
  it('computes the waste as source m² less tiles m²', () => {
    // 54 × 0.18605 = 10.0467 → 10.05 m²; 12.01 − 10.05 = 1.96
    expect(verificaPiastrelle(limite, f(610, 305), 54, 'x')).toEqual({
      ok: true,
      pezziMassimi: 54,
      mqProdotti: 10.05,
      scartoMq: 1.96,
    });
  });
});

/**
 * The most a × b tiles (either way round) that fit a W × H grid, by exhaustive search: the first free
 * cell in reading order is either covered by a tile's corner or left empty. With whole-number sides an
 * arrangement pushed to the corner has whole-number positions, so this is the true optimum.
 */
function migliorImpacchettamento(w: number, h: number, a: number, b: number): number {
  const grid = new Uint8Array(w * h);
  const area = a * b;
  let best = 0;
  const forme =
    a === b
      ? [[a, b]]
      : [
          [a, b],
          [b, a],
        ];
  const fits = (x: number, y: number, tw: number, th: number) => {
    if (x + tw > w || y + th > h) return false;
    for (let j = y; j < y + th; j++)
      for (let i = x; i < x + tw; i++) if (grid[j * w + i]) return false;
    return true;
  };
  const fill = (x: number, y: number, tw: number, th: number, v: number) => {
    for (let j = y; j < y + th; j++) for (let i = x; i < x + tw; i++) grid[j * w + i] = v;
  };
  const search = (from: number, placed: number, free: number) => {
    if (placed + Math.floor(free / area) <= best) return;
    let cell = from;
    while (cell < w * h && grid[cell]) cell++;
    if (cell >= w * h) {
      best = Math.max(best, placed);
      return;
    }
    const x = cell % w;
    const y = Math.floor(cell / w);
    for (const [tw, th] of forme) {
      if (fits(x, y, tw!, th!)) {
        fill(x, y, tw!, th!, 1);
        search(cell + 1, placed + 1, free - area);
        fill(x, y, tw!, th!, 0);
      }
    }
    grid[cell] = 2; // left as waste
    search(cell + 1, placed, free - 1);
    grid[cell] = 0;
  };
  search(0, 0, w * h);
  return best;
}

describe('the bound against a brute-force packer', () => {
  it('no arrangement beats ⌊L′ × H′ / (a × b)⌋', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (w, h, a, b) => {
          const bound = piastrelleMassimeLastra({ lunghezzaMm: w, altezzaMm: h }, f(a, b));
          expect(migliorImpacchettamento(w, h, a, b)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the packer is a real one: it reaches the bound where a simple grid does', () => {
    expect(migliorImpacchettamento(10, 6, 3, 2)).toBe(10);
    expect(migliorImpacchettamento(5, 5, 2, 1)).toBe(12);
  });
});

function f(lunghezzaMm: number, larghezzaMm: number) {
  return { lunghezzaMm, larghezzaMm };
}
