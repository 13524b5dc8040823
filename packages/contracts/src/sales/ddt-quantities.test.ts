import { describe, expect, it } from 'vitest';
import {
  colliOf,
  figurePavimento,
  numeroDdt,
  pesiBlocco,
  pesoKgSuperficie,
  totaliDdt,
} from './ddt-quantities.js';

describe('DDT line figures', () => {
  it('a block travels at its weighbridge weight, else at its gross m³ × density (stimato), in kg from m³', () => {
    const b = { volumeLordoM3: 5.94, volumeVendutoM3: 5.4, densita: 2.7 };
    // 15.08 t on the weighbridge: gross and net
    expect(pesiBlocco({ ...b, pesoPesa: 15.08 })).toEqual({
      kg: 15080,
      base: 'pesato',
      nettoKg: 15080,
    });
    // the collaudo's weighbridge wins over the block's
    expect(pesiBlocco({ ...b, pesoRilevato: 14.5, pesoPesa: 15.08 })).toEqual({
      kg: 14500,
      base: 'pesato',
      nettoKg: 14500,
    });
    // gross 5.94 m³ × 2.7 = 16.038 t → 16 038 kg; sold 5.4 m³ × 2.7 = 14 580 kg
    expect(pesiBlocco({ ...b, pesoPesa: null })).toEqual({
      kg: 16038,
      base: 'stimato',
      nettoKg: 14580,
    });
    // 10.8 m³ × 2.71 = 29.268 t: 29 268 kg, not 29.27 t × 1000
    expect(
      pesiBlocco({ pesoPesa: null, volumeLordoM3: 10.8, volumeVendutoM3: 10.8, densita: 2.71 }),
    ).toEqual({ kg: 29268, base: 'stimato', nettoKg: 29268 });
  });

  it('slabs and tiles weigh m² × thickness × density, rounded to the kg', () => {
    // 12.34 m² × 0.02 m × 2.7 t/m³ = 0.66636 t = 666.36 kg → 666
    expect(pesoKgSuperficie(12.34, 20, 2.7)).toBe(666);
    // 4.65 m² × 0.01 m × 2.71 = 126.015 kg → 126
    expect(pesoKgSuperficie(4.65, 10, 2.71)).toBe(126);
    // 0.5 kg rounds half up: 1 m² × 1 mm × 0.0025 … avoided; 2.5 m² × 1 mm × 1 = 2.5 → 3
    expect(pesoKgSuperficie(2.5, 1, 1)).toBe(3);
  });

  it('counts one collo per block, bundle or slab and the boxes of tiles', () => {
    expect(colliOf('blocco', null)).toBe(1);
    expect(colliOf('pacco', null)).toBe(1);
    expect(colliOf('lastra', null)).toBe(1);
    expect(colliOf('lotto', 7)).toBe(7);
    expect(numeroDdt(12, 2026)).toBe('12/2026');
  });

  it('part of a tile sale: m², boxes (a part box is a box), kg and colli of the pieces shipped', () => {
    const formato = {
      lunghezzaMm: 610,
      larghezzaMm: 305,
      spessoreMm: 10,
      densita: 2.7,
      pezziPerCassa: 12,
    };
    // 30 × 0.61 × 0.305 = 5.5815 → 5.58 m²; ⌈30 / 12⌉ = 3 casse; 5.58 × 10 × 2.7 = 150.66 → 151 kg
    expect(figurePavimento(formato, 30)).toEqual({ mq: 5.58, casse: 3, pesoKg: 151, colli: 3 });
    // 24 pieces: 4.4652 → 4.47 m², 2 full boxes, 4.47 × 27 = 120.69 → 121 kg
    expect(figurePavimento(formato, 24)).toEqual({ mq: 4.47, casse: 2, pesoKg: 121, colli: 2 });
  });

  it("a DDT's totals are the sums of its lines' rounded figures", () => {
    const block = { colli: 1, pesoKg: 32000, pesoNettoKg: 29268, mq: null, m3: 10.8 };
    const bundle = { colli: 1, pesoKg: 976, pesoNettoKg: 976, mq: 18, m3: null };
    const tiles = { colli: 3, pesoKg: 151, pesoNettoKg: 151, mq: 5.58, m3: null };
    expect(totaliDdt([block, bundle, tiles])).toEqual({
      colli: 5,
      pesoKg: 33127,
      pesoNettoKg: 30395,
      mq: 23.58,
      m3: 10.8,
    });
    expect(totaliDdt([])).toEqual({ colli: 0, pesoKg: 0, pesoNettoKg: 0, mq: 0, m3: 0 });
  });
});
