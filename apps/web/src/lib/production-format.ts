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
