import { format, parseISO } from 'date-fns';
import { it } from 'date-fns/locale/it';
import type { Dashboard } from '@gestcava/contracts';

/** "2026-11" → "novembre 2026" (tile captions). */
export const monthLong = (yyyyMm: string): string =>
  format(parseISO(`${yyyyMm}-01`), 'MMMM yyyy', { locale: it });

/** "2026-11" → "nov 26" (chart labels, where twelve must fit a phone). */
export const monthShort = (yyyyMm: string): string =>
  format(parseISO(`${yyyyMm}-01`), 'MMM yy', { locale: it });

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
