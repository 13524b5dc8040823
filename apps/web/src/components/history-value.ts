import { formatNumber } from '@/lib/format';

/**
 * A history value no field rule covers, as a person reads it: `—` for nothing, sì/no, a number with
 * the Italian decimal comma (never `36.38`), a list joined. Each page's formatter ends in this.
 */
export function formatHistoryValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') return formatNumber(value, undefined, 3);
  if (Array.isArray(value)) return value.length ? value.map(formatHistoryValue).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
