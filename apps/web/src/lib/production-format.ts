import { formatNumber } from './format';

/** Block and bancata measures in whole cm: `1.139 × 611 × 347 cm` (L × H × P). */
export function formatDims(
  l: number | null | undefined,
  h: number | null | undefined,
  p: number | null | undefined,
): string {
  if (typeof l !== 'number' || typeof h !== 'number' || typeof p !== 'number') return '';
  return `${formatNumber(l, 0)} × ${formatNumber(h, 0)} × ${formatNumber(p, 0)} cm`;
}

/** A value that is a percentage already (a bancata's resa, 46.2 → `46,2 %`). */
export function formatPercentValue(value: number | null | undefined, decimals = 1): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? `${formatNumber(value, decimals)} %`
    : '';
}

/** Numbers of a computed preview: null while an input is missing or not a positive number. */
export function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * A blocks count that says how many are informi and what they weigh, since the m³ beside it leave
 * them out: "12 blocchi, di cui 3 informi (40,50 t)".
 */
export function formatConteggioBlocchi(
  s: { count: number; informi: number; informiT: number } | undefined,
): string {
  if (!s) return '';
  const blocchi = s.count === 1 ? '1 blocco' : `${formatNumber(s.count, 0)} blocchi`;
  if (!s.informi) return blocchi;
  const informi = s.informi === 1 ? '1 informe' : `${formatNumber(s.informi, 0)} informi`;
  return `${blocchi}, di cui ${informi} (${formatNumber(s.informiT, 2)} t)`;
}
