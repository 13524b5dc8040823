/** Codice fiscale (Italy): of a person (16 characters, omocodia included) or of a company (11 digits). */
import { ok, fail, compact, isDigits, type CheckResult } from './check.js';
import { isPartitaIvaChecksumValid } from './partita-iva.js';

/** Values of A–Z (and of 0–9, read as A–J) in odd positions 1, 3, … 15. */
const CF_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** 0–25 for `0`–`9` (read as A–J) and `A`–`Z`. */
function cfIndex(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 65;
  throw new RangeError(`carattere non ammesso: ${ch}`);
}

/**
 * The check character of an alphanumeric sequence, as the codice fiscale (and the CIN of an
 * Italian bank account) computes it: characters in odd positions (1st, 3rd, …) take the
 * odd-position table value, the others their plain value (0–9, A–Z = 0–25); the sum mod 26 is a
 * letter A–Z.
 */
export function oddEvenCheckChar(chars: string): string {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) {
    const index = cfIndex(chars.charAt(i));
    sum += i % 2 === 0 ? (CF_ODD[index] as number) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Check character of a 16-character codice fiscale, from its first 15 characters. */
export function codiceFiscaleCheckChar(first15: string): string {
  if (!/^[A-Z0-9]{15}$/.test(first15)) {
    throw new RangeError('codiceFiscaleCheckChar: servono 15 lettere maiuscole o cifre');
  }
  return oddEvenCheckChar(first15);
}

/** Omocodia: letters that stand for the digits 0–9 when codes collide. */
export const OMOCODIA_LETTERS = 'LMNPQRSTUV';
/** Month letters of the codice fiscale, January to December. */
export const CF_MONTH_LETTERS = 'ABCDEHLMPRST';
/** Positions (0-based) that hold digits, replaceable by omocodia letters. */
export const CF_DIGIT_POSITIONS: readonly number[] = [6, 7, 9, 10, 12, 13, 14];

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CF_DIGIT = /^[0-9LMNPQRSTUV]$/;

/** Undoes omocodia on one character: `L` → `0` … `V` → `9`, digits unchanged. */
function omocodiaDigit(ch: string): string {
  const index = OMOCODIA_LETTERS.indexOf(ch);
  return index >= 0 ? String(index) : ch;
}

function validatePersonCodiceFiscale(cf: string): CheckResult {
  if (!/^[A-Z]{6}/.test(cf)) {
    return fail(
      'Codice fiscale non valido: i primi 6 caratteri (cognome e nome) devono essere lettere',
    );
  }
  const digitsOk = (from: number, to: number) =>
    CF_DIGIT_POSITIONS.filter((p) => p >= from && p <= to).every((p) =>
      CF_DIGIT.test(cf.charAt(p)),
    );
  if (!digitsOk(6, 7)) {
    return fail(
      "Codice fiscale non valido: l'anno di nascita (caratteri 7-8) deve essere di 2 cifre",
    );
  }
  const monthIndex = CF_MONTH_LETTERS.indexOf(cf.charAt(8));
  if (monthIndex < 0) {
    return fail(
      'Codice fiscale non valido: il mese di nascita (carattere 9) deve essere una lettera tra A B C D E H L M P R S T',
    );
  }
  if (!digitsOk(9, 10)) {
    return fail(
      'Codice fiscale non valido: il giorno di nascita (caratteri 10-11) deve essere di 2 cifre',
    );
  }
  const rawDay = Number(omocodiaDigit(cf.charAt(9)) + omocodiaDigit(cf.charAt(10)));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  if (day < 1 || day > (DAYS_IN_MONTH[monthIndex] as number)) {
    return fail(
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    );
  }
  if (!/^[A-Z]$/.test(cf.charAt(11)) || !digitsOk(12, 14)) {
    return fail(
      'Codice fiscale non valido: il codice del comune di nascita (caratteri 12-15) deve essere una lettera e 3 cifre',
    );
  }
  if (!/^[A-Z]$/.test(cf.charAt(15))) {
    return fail(
      "Codice fiscale non valido: l'ultimo carattere (di controllo) deve essere una lettera",
    );
  }
  if (codiceFiscaleCheckChar(cf.slice(0, 15)) !== cf.charAt(15)) {
    return fail('Codice fiscale non valido: carattere di controllo errato');
  }
  return ok(cf);
}

/**
 * Codice fiscale: of a person, 16 characters (surname, name, birth date and place, omocodia
 * letters accepted in the digit positions, check character), or of a company or body, 11 digits
 * with the partita IVA check digit. Spaces removed, letters upper-cased.
 */
export function validateCodiceFiscale(input: string): CheckResult {
  const cf = compact(input).toUpperCase();
  if (cf === '') return fail('Codice fiscale mancante');
  if (!/^[A-Z0-9]+$/.test(cf)) return fail('Codice fiscale non valido: solo lettere e cifre');
  if (isDigits(cf)) {
    if (cf.length !== 11) {
      return fail(
        `Codice fiscale non valido: quello numerico di una società ha 11 cifre (ne ha ${cf.length})`,
      );
    }
    if (/^0+$/.test(cf))
      return fail('Codice fiscale non valido: non può essere composto da soli zeri');
    if (!isPartitaIvaChecksumValid(cf)) {
      return fail('Codice fiscale non valido: cifra di controllo errata');
    }
    return ok(cf);
  }
  if (cf.length !== 16) {
    return fail(
      `Codice fiscale non valido: deve avere 16 caratteri (persona) o 11 cifre (società); ne ha ${cf.length}`,
    );
  }
  return validatePersonCodiceFiscale(cf);
}
