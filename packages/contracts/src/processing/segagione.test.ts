import { describe, expect, it } from 'vitest';
import { lastreMassime, resaTeorica, resaTeoricaBlocco, verificaSegagione } from './segagione.js';

const multifilo = (spessoreMm: number) => ({ spessoreMm, kerfMm: 7, rifiloMm: 15 });
const lastre = (count: number, lunghezzaMm: number, altezzaMm: number) =>
  Array.from({ length: count }, () => ({ lunghezzaMm, altezzaMm }));
// 248 × 120 × 97 cm = 2.88672 m³
const demo = { lunghezzaNetta: 248, altezzaNetta: 120, profonditaNetta: 97, volumeNetto: 2.887 };

describe('what a block can give', () => {
  it('counts ⌊(depth − 2 × trim) / (thickness + kerf)⌋ + 1 slabs, none when the trim takes the depth', () => {
    expect(lastreMassime(97, multifilo(20))).toBe(35); // (970 − 30) / 27 = 34.8
    expect(lastreMassime(97, { spessoreMm: 30, kerfMm: 3.5, rifiloMm: 15 })).toBe(29); // 940 / 33.5 = 28.06
    expect(lastreMassime(2, { spessoreMm: 20, kerfMm: 5, rifiloMm: 15 })).toBe(0);
  });

  it('the theoretical yield is that many slabs over the depth: 1 / (thickness + kerf) with the trim applied', () => {
    expect(resaTeorica(multifilo(30), 97)).toBe(26.8); // 26 slabs / 0.97 m
    expect(resaTeorica({ spessoreMm: 20, kerfMm: 5, rifiloMm: 20 }, 100)).toBe(39); // 39 slabs / 1 m
    // planned across the largest face: the smallest dimension is the depth
    expect(
      resaTeoricaBlocco(
        { lunghezzaNetta: 97, altezzaNetta: 248, profonditaNetta: 120 },
        multifilo(30),
      ),
    ).toBe(26.8);
  });

  it('refuses slabs larger than the face: SG-2026-0010 and the 3 600 m² sawing', () => {
    expect(verificaSegagione(demo, multifilo(30), lastre(38, 2850, 1650))).toEqual({
      ok: false,
      limite: 'faccia',
      message: 'La lastra 2850 × 1650 mm non entra nella faccia del blocco (248 × 120 cm)',
    });
    const big = {
      lunghezzaNetta: 239,
      altezzaNetta: 147,
      profonditaNetta: 138,
      volumeNetto: 4.848,
    };
    expect(verificaSegagione(big, multifilo(20), lastre(300, 4000, 3000))).toMatchObject({
      ok: false,
      limite: 'faccia',
      message: 'La lastra 4000 × 3000 mm non entra nella faccia del blocco (239 × 147 cm)',
    });
  });

  it('allows 2 % over the face, either way round, and no more', () => {
    expect(verificaSegagione(demo, multifilo(20), lastre(1, 1224, 2529))).toMatchObject({
      ok: true,
    }); // 120 × 1.02, 248 × 1.02 = 252.96
    expect(verificaSegagione(demo, multifilo(20), lastre(1, 2530, 1224))).toMatchObject({
      ok: false,
      limite: 'faccia',
    });
    expect(verificaSegagione(demo, multifilo(20), lastre(1, 2400, 1225))).toMatchObject({
      ok: false,
      limite: 'faccia',
    });
  });

  it('refuses more slabs than the depth holds, naming the figures', () => {
    expect(verificaSegagione(demo, multifilo(20), lastre(35, 2400, 1150))).toEqual({
      ok: true,
      profonditaCm: 97,
      lastreMassime: 35,
      resaTeorica: 36.08,
    });
    expect(verificaSegagione(demo, multifilo(20), lastre(36, 2400, 1150))).toEqual({
      ok: false,
      limite: 'numero',
      message:
        'Al massimo 35 lastre da 20 mm da questo blocco, non 36 (profondità 97 cm, spessore + taglio 27 mm, rifilo 2 × 15 mm)',
    });
  });

  it('refuses a yield above the theoretical one though each slab and the count pass', () => {
    // 100 × 100 × 50 cm: 21 slabs of 20 + 5 mm; 21 slabs 2 % larger than the face each way
    const cube = { lunghezzaNetta: 100, altezzaNetta: 100, profonditaNetta: 50, volumeNetto: 0.5 };
    const taglio = { spessoreMm: 20, kerfMm: 5, rifiloMm: 0 };
    expect(verificaSegagione(cube, taglio, lastre(21, 1020, 1020))).toEqual({
      ok: false,
      limite: 'resa',
      message: 'Resa 43,68 m²/m³ oltre la resa teorica 42,00',
    });
    expect(verificaSegagione(cube, taglio, lastre(21, 1000, 1000))).toMatchObject({
      ok: true,
      resaTeorica: 42,
    });
  });

  it('lets a block be sawn in any orientation, the first that fits being the one taken', () => {
    // 200 × 150 × 180 cm: slabs of 1950 × 1750 fit only the 200 × 180 face, so the depth is the 150
    const b = { lunghezzaNetta: 200, altezzaNetta: 150, profonditaNetta: 180, volumeNetto: 5.4 };
    expect(verificaSegagione(b, multifilo(20), lastre(40, 1950, 1750))).toMatchObject({
      ok: true,
      profonditaCm: 150,
      lastreMassime: 55,
    });
    // slabs of 1950 × 1450 fit both faces: 60 of them only across the 180 cm depth
    expect(verificaSegagione(b, multifilo(20), lastre(60, 1950, 1450))).toMatchObject({
      ok: true,
      profonditaCm: 180,
    });
  });
});
