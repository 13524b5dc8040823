import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { areaM2, pesoT, resaPercent, sumRounded, volumeM3 } from './quantities.js';

describe('quantities', () => {
  it('computes a block volume in m³ with 3 decimals', () => {
    expect(volumeM3(280, 150, 120)).toBe(5.04);
    expect(volumeM3(301, 157, 133)).toBe(6.285);
    expect(volumeM3(0, 150, 120)).toBe(0);
  });

  it('computes the weight in t with 2 decimals from the density', () => {
    expect(pesoT(5.04, 2.71)).toBe(13.66);
    expect(pesoT(5.04)).toBe(13.61);
  });

  it('computes a slab area in m² with 2 decimals', () => {
    expect(areaM2(3050, 1850)).toBe(5.64);
    expect(areaM2(600, 300)).toBe(0.18);
  });

  it('computes the bancata yield as a percentage', () => {
    expect(resaPercent([5.04, 4.2], 20)).toBe(46.2);
    expect(resaPercent([], 0)).toBeNull();
  });

  it('sums rounded items without floating drift', () => {
    expect(sumRounded([0.1, 0.2], 3)).toBe(0.3);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100000 }), { maxLength: 50 }), (thousandths) => {
        const values = thousandths.map((t) => t / 1000);
        // The same number as the exact decimal total written out.
        return sumRounded(values, 3) === Number((thousandths.reduce((a, b) => a + b, 0) / 1000).toFixed(3));
      }),
    );
  });

  it('volume is monotonic in each dimension', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (l, h, p) =>
        volumeM3(l + 1, h, p) >= volumeM3(l, h, p),
      ),
    );
  });
});
