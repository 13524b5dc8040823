import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  areaM2,
  percent,
  pesoT,
  resaPercent,
  roundTo,
  sumRounded,
  variazionePercent,
  volumeM3,
} from './quantities.js';

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
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100000 }), { maxLength: 50 }),
        (thousandths) => {
          const values = thousandths.map((t) => t / 1000);
          // The same number as the exact decimal total written out.
          return (
            sumRounded(values, 3) ===
            Number((thousandths.reduce((a, b) => a + b, 0) / 1000).toFixed(3))
          );
        },
      ),
    );
  });

  it('volume is monotonic in each dimension', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        (l, h, p) => volumeM3(l + 1, h, p) >= volumeM3(l, h, p),
      ),
    );
  });
});

/**
 * The reference: a decimal `mantissa × 10^-scale` rounded half away from zero to `decimals` in BigInt,
 * written out as text (`Number(text)` is then the double the rule stands for). No float arithmetic.
 */
function decimalRound(mantissa: bigint, scale: number, decimals: number): string {
  const negative = mantissa < 0n;
  const abs = negative ? -mantissa : mantissa;
  let digits: bigint;
  if (decimals >= scale) digits = abs * 10n ** BigInt(decimals - scale);
  else {
    const step = 10n ** BigInt(scale - decimals);
    digits = abs / step + (2n * (abs % step) >= step ? 1n : 0n);
  }
  const text = digits.toString().padStart(decimals + 1, '0');
  const written = decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
  return negative && digits !== 0n ? `-${written}` : written;
}

/** A decimal `mantissa × 10^-scale` as text, the way a user or a database writes it. */
const decimalText = (mantissa: bigint, scale: number) => decimalRound(mantissa, scale, scale);

describe('rounding half up on the decimal value', () => {
  it('rounds the exact halves the binary float puts below the half', () => {
    expect(volumeM3(202, 135, 150)).toBe(4.091); // 4.0905 m³
    expect(areaM2(1500, 1450)).toBe(2.18); // 2.175 m²
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.15 * 100, 0)).toBe(115);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(Object.is(roundTo(-0.0004, 3), 0)).toBe(true);
  });

  it('volumes from cm match the BigInt reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        (l, h, p) => {
          expect(volumeM3(l, h, p)).toBe(
            Number(decimalRound(BigInt(l) * BigInt(h) * BigInt(p), 6, 3)),
          );
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('areas from mm match the BigInt reference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 9999 }), (l, w) => {
        expect(areaM2(l, w)).toBe(Number(decimalRound(BigInt(l) * BigInt(w), 6, 2)));
      }),
      { numRuns: 5000 },
    );
  });

  it('roundTo rounds a written decimal as the reference does', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 4 }),
        (m, scale, d) => {
          expect(roundTo(Number(decimalText(m, scale)), d)).toBe(Number(decimalRound(m, scale, d)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('roundTo rounds a price × quantity computed in floats as the exact decimal product', () => {
    // a price up to 100 000,00 € times a quantity up to 1 000,000: at most 13 significant digits
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.integer({ min: 0, max: 4 }),
        (cents, thousandths, d) => {
          const product = Number(decimalText(cents, 2)) * Number(decimalText(thousandths, 3));
          expect(roundTo(product, d)).toBe(Number(decimalRound(cents * thousandths, 5, d)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('percentages keep one decimal, rounded half up on the exact ratio', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 16)).toBe(6.3); // 6.25
    expect(percent(1, 0)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (part, whole) => {
          // tenths of a percent = part × 1000 / whole, rounded half up in BigInt
          const tenths = (2n * BigInt(part) * 1000n + BigInt(whole)) / (2n * BigInt(whole));
          expect(percent(part, whole)).toBe(Number(decimalText(tenths, 1)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('a change in percent keeps one decimal and needs a figure to compare with', () => {
    expect(variazionePercent(24, 9)).toBe(166.7);
    expect(variazionePercent(7, 9)).toBe(-22.2);
    expect(variazionePercent(5, 0)).toBeNull();
    expect(variazionePercent(5, null)).toBeNull();
  });
});
