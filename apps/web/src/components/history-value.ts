import { formatDate, formatDateTime, formatNumber } from '@/lib/format';

/**
 * A history value no field rule covers, as a person reads it: `—` for nothing, sì/no, a number with
 * the Italian decimal comma (never `36.38`), a date dd/MM/yy, a list joined. Each page's formatter ends in this.
 */
export function formatHistoryValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') return formatNumber(value, undefined, 3);
  if (Array.isArray(value)) return value.length ? value.map(formatHistoryValue).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  // a date the server stored as ISO reads as the UI writes dates (dd/MM/yy), never 2026-11-29
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
    return formatDateTime(value);
  return String(value);
}
