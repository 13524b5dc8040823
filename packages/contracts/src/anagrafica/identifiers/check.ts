/** What every identifier check answers, and the small helpers they share. */
import { findCountry } from '../../countries/countries.js';

export type CheckResult = { ok: true; value: string } | { ok: false; message: string };

export const ok = (value: string): CheckResult => ({ ok: true, value });
export const fail = (message: string): CheckResult => ({ ok: false, message });

/** Removes every kind of whitespace (spaces, tabs, non-breaking spaces). */
export const compact = (value: string): string => value.replace(/\s+/g, '');

export const isDigits = (value: string): boolean => /^\d+$/.test(value);

/** The Italian name of a country, for messages (the code when unknown). */
export function countryLabel(code: string): string {
  return findCountry(code)?.name ?? code;
}
