import { describe, expect, it } from 'vitest';
import {
  casse,
  casseText,
  lastraCodice,
  mqLastre,
  mqPavimenti,
  resaSegagione,
} from './quantities.js';

describe('processing quantities', () => {
  it('numbers slabs with three digits after the block code, past 99 too', () => {
    expect(lastraCodice('BL-2026-0042', 7)).toBe('BL-2026-0042-007');
    expect(lastraCodice('BL-2026-0042', 123)).toBe('BL-2026-0042-123');
  });

  it('sums slab areas rounded per slab', () => {
    // 3050×1805 = 5.50525 → 5.51 each
    expect(
      mqLastre([
        { lunghezzaMm: 3050, altezzaMm: 1805 },
        { lunghezzaMm: 3050, altezzaMm: 1805 },
      ]),
    ).toBe(11.02);
  });

  it('yield is m² per m³ of net volume', () => {
    expect(resaSegagione(66.06, 1.656)).toBe(39.89);
    expect(resaSegagione(10, 0)).toBeNull();
  });

  it('tile m² is rounded on the total, never per piece', () => {
    // per piece 0.093025 → 0.09 would give 90.00 for 1000 pieces: 3 % lost
    expect(mqPavimenti(1000, 305, 305)).toBe(93.03);
    expect(mqPavimenti(1, 600, 600)).toBe(0.36);
  });

  it('counts the last, partial box', () => {
    expect(casse(100, 10)).toBe(10);
    expect(casse(101, 10)).toBe(11);
    expect(casse(1, 12)).toBe(1);
  });

  it('says boxes as they stand, the last partial one apart', () => {
    expect(casseText(245, 8)).toBe('30 casse da 8 + 1 da 5');
    expect(casseText(240, 8)).toBe('30 casse da 8');
    expect(casseText(9, 8)).toBe('1 cassa da 8 + 1 da 1');
    expect(casseText(8, 8)).toBe('1 cassa da 8');
    expect(casseText(5, 8)).toBe('1 cassa da 5');
    expect(casseText(0, 8)).toBe('0 casse da 8');
    expect(casseText(12_004, 12)).toBe('1.000 casse da 12 + 1 da 4');
  });
});
