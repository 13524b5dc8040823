/** Telephone numbers with their international dial code. */
import { DIAL_CODES, getDialCode } from '../../countries/countries.js';
import { ok, fail, type CheckResult } from './check.js';

/** The dial code a normalised number (`+39…`) starts with, or `undefined`. */
export function dialCodeOf(e164: string): string | undefined {
  return DIAL_CODES.find((code) => e164.startsWith(code));
}

/**
 * Telephone number with its international dial code, E.164-like: `+` (or `00`) and digits;
 * spaces, dots, dashes and slashes between them are ignored. The dial code must be a country's of
 * the list; then 4 digits at least, 15 digits in all at most. A number typed without its dial code
 * takes `defaultDialCode` when given (`'+39'` + `0585 123456` → `+390585123456`), else it is
 * refused. Value: `+` and the digits.
 */
export function validateTelefono(input: string, defaultDialCode?: string): CheckResult {
  const trimmed = input.trim();
  if (trimmed === '') return fail('Telefono mancante');
  if (!/^\+?[\d\s./-]+$/.test(trimmed)) {
    return fail('Telefono non valido: usare solo il prefisso +, cifre e spazi');
  }
  let number = trimmed.replace(/[\s./-]+/g, '');
  if (number.startsWith('00')) number = `+${number.slice(2)}`;
  if (!number.startsWith('+')) {
    if (!defaultDialCode) {
      return fail('Telefono non valido: manca il prefisso internazionale (es. +39)');
    }
    number = defaultDialCode.replace(/[^\d+]/g, '') + number;
  }
  if (!/^\+[1-9]\d*$/.test(number)) {
    return fail('Telefono non valido: dopo il + servono il prefisso internazionale e il numero');
  }
  const dialCode = dialCodeOf(number);
  if (!dialCode) return fail('Telefono non valido: prefisso internazionale sconosciuto');
  if (number.length - dialCode.length < 4) return fail('Telefono non valido: numero troppo corto');
  if (number.length - 1 > 15)
    return fail('Telefono non valido: al massimo 15 cifre compreso il prefisso');
  return ok(number);
}

/** The dial code to prefix to a number typed without one, for a nazione: Italy only (see below). */
export function defaultDialCodeFor(nazione: string): string | undefined {
  // Italian numbers keep their leading 0 after +39, so +39 can be prefixed safely; elsewhere the
  // national trunk prefix must be dropped, which only the user can do.
  return nazione.trim().toUpperCase() === 'IT' ? getDialCode('IT') : undefined;
}
