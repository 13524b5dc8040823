import { z } from 'zod';
import { roundTo } from './production/quantities.js';

/**
 * One zod builder per kind of field (docs/api.md conventions), each with one range and Italian
 * messages naming the field, so every schema measures, rounds and complains the same way.
 * A length or a weight depends on what is measured, so those builders take the maximum from the
 * caller; the named maxima below are the ones in use.
 */

/** A block: gang saws take blocks of about 3.5 m (docs/domain.md); 500 cm also catches a size typed in mm. */
export const BLOCCO_MAX_CM = 500;
/** A bancata: a slice of the quarry face, tens of metres long. */
export const BANCATA_MAX_CM = 5000;
/** What one block weighs at most, on the weighbridge. */
export const BLOCCO_MAX_T = 200;
/** By-products of one bancata (informi, scaglie, terre). */
export const BANCATA_MAX_T = 100_000;

/** A required text, trimmed: `missing` when absent or empty. */
export function requiredText(max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `Al massimo ${max} caratteri` });
}

const CODICE_CHARS = /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/;
const CODICE_CHARS_MESSAGE =
  'Codice: solo lettere senza accenti, cifre, spazi e - / . _ (inizia con una lettera o una cifra)';

function codiceLength(min: number, max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .min(min, { error: `Il codice ha almeno ${min} caratteri` })
    .max(max, { error: `Al massimo ${max} caratteri` });
}

/**
 * A code a person types (a block or bancata corrected by an admin, a quarry's number): it is printed
 * on labels, put in QR addresses and download names, and travels to other companies with a transfer,
 * so it holds letters, digits, spaces and `- / . _` only: no quotes, no `€`.
 */
export function codice(min: number, max: number, missing = 'Il codice è obbligatorio') {
  return codiceLength(min, max, missing).regex(CODICE_CHARS, { error: CODICE_CHARS_MESSAGE });
}

/**
 * The code in an update body: lengths only, since a record saved before the rule may keep its code
 * (a form sends every field). The server checks a changed code with `codiceChangeError`.
 */
export function codiceInModifica(min: number, max: number, missing = 'Il codice è obbligatorio') {
  return codiceLength(min, max, missing);
}

/** Why a code sent on update is refused: a new code must follow `codice()`; the stored one stays as it is. */
export function codiceChangeError(submitted: string | undefined, stored: string): string | null {
  if (submitted === undefined || submitted === stored || CODICE_CHARS.test(submitted)) return null;
  return CODICE_CHARS_MESSAGE;
}

/** An optional text, trimmed; absent, null and empty all become `null`. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `Al massimo ${max} caratteri` })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A length in whole centimetres, from 1 to `max` (blocks and bancate, docs/api.md). */
export function cm(label: string, max: number) {
  return wholeUnits(label, 'cm', max);
}

/** A length or thickness in whole millimetres, from 1 to `max` (slabs and tiles, docs/api.md). */
export function mm(label: string, max: number) {
  return wholeUnits(label, 'mm', max);
}

/** A weight in whole kilograms, from 1 to `max` (a truck's tare). */
export function kg(label: string, max: number) {
  return wholeUnits(label, 'kg', max);
}

function wholeUnits(label: string, unit: 'cm' | 'mm' | 'kg', max: number) {
  return (
    z
      // empty is not a wrong number: say what is missing
      .number({
        error: (iss) =>
          iss.input == null ? `${label}: obbligatorio` : `${label}: un numero intero di ${unit}`,
      })
      .int({ error: `${label}: un numero intero di ${unit}` })
      .min(1, { error: `${label}: almeno 1 ${unit}` })
      .max(max, { error: `${label}: al massimo ${max} ${unit}` })
  );
}

/** A weight in tonnes from 0 to `max`, rounded to 2 decimals. */
export function tonnes(label: string, max: number) {
  return decimal(label, 'un numero di tonnellate', 't', max, 2);
}

/** An area in m², from 0 to 1 000 000, rounded to 2 decimals. */
export function m2(label: string) {
  return decimal(label, 'un numero di m²', 'm²', 1_000_000, 2);
}

/** A volume in m³, from 0 to 100 000, rounded to 3 decimals. */
export function m3(label: string) {
  return decimal(label, 'un numero di m³', 'm³', 100_000, 3);
}

/** An amount in euro, from 0 to 100 000 000, rounded to the cent. */
export function euro(label: string) {
  return decimal(label, 'un importo in euro', '€', 100_000_000, 2);
}

function decimal(label: string, what: string, unit: string, max: number, decimals: number) {
  return z
    .number({ error: `${label}: ${what}` })
    .min(0, { error: `${label}: non può essere negativo` })
    .max(max, { error: `${label}: al massimo ${max.toLocaleString('it-IT')} ${unit}` })
    .transform((v) => roundTo(v, decimals));
}

/** A calendar date, `AAAA-MM-GG`. */
export function isoDate(label: string) {
  return z.iso.date({ error: `${label}: data non valida (AAAA-MM-GG)` });
}
