/** Partita IVA (Italy). */
import { ok, fail, compact, isDigits, type CheckResult } from './check.js';

/**
 * Check digit of an Italian partita IVA (also of an 11-digit codice fiscale) from its first 10
 * digits, Agenzia delle Entrate algorithm: digits in odd positions (1, 3, 5, 7, 9) are added;
 * digits in even positions (2–10) are doubled, minus 9 when over 9, and added;
 * check = (10 − sum mod 10) mod 10.
 */
export function partitaIvaCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('partitaIvaCheckDigit: servono 10 cifre');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** 11 digits whose last one is the right check digit (no other rule). */
export function isPartitaIvaChecksumValid(digits: string): boolean {
  return (
    /^\d{11}$/.test(digits) && partitaIvaCheckDigit(digits.slice(0, 10)) === Number(digits[10])
  );
}

/**
 * Italian partita IVA: spaces and an `IT` typed in front are removed; 11 digits, not all zeros,
 * with the right check digit. Value: the 11 digits.
 */
export function validatePartitaIva(input: string): CheckResult {
  let value = compact(input).toUpperCase();
  if (value.startsWith('IT')) value = value.slice(2);
  if (value === '') return fail('Partita IVA mancante: indicare le 11 cifre');
  if (!isDigits(value)) return fail('Partita IVA non valida: deve contenere solo cifre');
  if (value.length !== 11) {
    return fail(`Partita IVA non valida: deve avere 11 cifre (ne ha ${value.length})`);
  }
  if (/^0+$/.test(value))
    return fail('Partita IVA non valida: non può essere composta da soli zeri');
  if (!isPartitaIvaChecksumValid(value)) {
    return fail('Partita IVA non valida: cifra di controllo errata');
  }
  return ok(value);
}
