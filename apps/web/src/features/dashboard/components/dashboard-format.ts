import { format, parseISO } from 'date-fns';
import { it } from 'date-fns/locale/it';
import type { Dashboard } from '@gestcava/contracts';

/** "2026-11" → "novembre 2026" (tile captions). */
export const monthLong = (yyyyMm: string): string =>
  format(parseISO(`${yyyyMm}-01`), 'MMMM yyyy', { locale: it });

/** "2026-11" → "nov 26" (chart labels, where twelve must fit a phone). */
export const monthShort = (yyyyMm: string): string =>
  format(parseISO(`${yyyyMm}-01`), 'MMM yy', { locale: it });

/** The first and last day of a month, as the lists' `dal`/`al` URL filters take them. */
export function monthRange(yyyyMm: string): { dal: string; al: string } {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { dal: `${yyyyMm}-01`, al: `${yyyyMm}-${String(last).padStart(2, '0')}` };
}

/** YYYY-MM `delta` months from `yyyyMm`. */
export function shiftMonth(yyyyMm: string, delta: number): string {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** A list's path with its filters in the URL (useListParams reads them). */
export function listLink(path: string, filters: Record<string, string>): string {
  const query = new URLSearchParams(filters).toString();
  return query ? `${path}?${query}` : path;
}

/** True when the answer holds at least one tile for this user. */
export function hasKpis(d: Dashboard): boolean {
  return Boolean(
    d.produzione ||
    d.blocchi.interni ||
    d.blocchi.esterni ||
    d.lastre ||
    d.pavimenti ||
    d.collaudi ||
    d.rese,
  );
}
