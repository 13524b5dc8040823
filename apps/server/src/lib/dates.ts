import { sql } from 'drizzle-orm';

/**
 * Business dates (option expiries, dataTaglio, collaudo dates, report periods) are calendar days in
 * Italy, whatever zone the server machine or the browser runs in. "Today" is computed here, once,
 * in JavaScript and in SQL.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Rome';

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// The last minute's answer: formatting costs ~10 µs and a request asks several times (each kept
// figure's day, lib/count-cache.ts). Rome's day turns on a minute's boundary (its offset is whole
// hours), so within one minute of the epoch the answer is the same.
let lastMinute = { minute: Number.NaN, day: '' };

/** The calendar date (YYYY-MM-DD) in Rome at `now`. */
export function todayInRome(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, day: romeDay.format(now) };
  return lastMinute.day;
}

/** The same date `days` later (calendar arithmetic, no zone involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 2027-01-07 → 07/01/2027, for messages. */
export function italianDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** Today's date in Rome, in SQL (the database's clock, as `now()`); the zone is BUSINESS_TIME_ZONE. */
export const todayInRomeSql = sql`(now() at time zone 'Europe/Rome')::date`;
