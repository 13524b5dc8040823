/** IBAN (ISO 13616), with the Italian CIN. */
import { IBAN_LENGTHS } from '../iban.data.js';
import { ok, fail, compact, countryLabel, type CheckResult } from './check.js';
import { oddEvenCheckChar } from './codice-fiscale.js';

/** `n mod 97` of an alphanumeric string read as ISO 13616 does (A = 10 … Z = 35). */
function mod97(chars: string): number {
  let remainder = 0;
  for (const ch of chars) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** The two check digits of an IBAN for a country code and a BBAN (ISO 7064 MOD 97-10). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const check = 98 - mod97(`${bban}${countryCode}00`);
  return String(check).padStart(2, '0');
}

/** The CIN (check letter) of an Italian BBAN from ABI (5), CAB (5) and conto (12). */
export function italianCin(abiCabConto: string): string {
  if (!/^\d{10}[A-Z0-9]{12}$/.test(abiCabConto)) {
    throw new RangeError('italianCin: servono ABI, CAB (10 cifre) e conto (12 caratteri)');
  }
  return oddEvenCheckChar(abiCabConto);
}

/** Countries whose BBAN is the Italian one: CIN, ABI, CAB, conto (San Marino shares it). */
const ITALIAN_BBAN_COUNTRIES = new Set(['IT', 'SM']);

/**
 * IBAN: spaces removed, upper-cased; a country of the IBAN registry, its length, check digits
 * 02–98 that pass mod 97. An Italian (or San Marino) IBAN, 27 characters, must also have the
 * national structure (CIN letter, ABI 5 digits, CAB 5 digits, conto 12 letters or digits) and the
 * right CIN.
 */
export function validateIban(input: string): CheckResult {
  const iban = compact(input).toUpperCase();
  if (iban === '') return fail('IBAN mancante');
  if (!/^[A-Z0-9]+$/.test(iban)) return fail('IBAN non valido: solo lettere e cifre');
  if (!/^[A-Z]{2}\d{2}/.test(iban)) {
    return fail(
      'IBAN non valido: deve iniziare con la sigla del paese e 2 cifre di controllo (es. IT60X…)',
    );
  }
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected === undefined) {
    return fail(`IBAN non valido: ${country} non è un paese che usa l'IBAN`);
  }
  if (iban.length !== expected) {
    return fail(
      `IBAN non valido: per ${countryLabel(country)} deve avere ${expected} caratteri (ne ha ${iban.length})`,
    );
  }
  const italianBban = ITALIAN_BBAN_COUNTRIES.has(country);
  if (italianBban && !/^[A-Z]{2}\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban)) {
    return fail(
      `IBAN non valido: un IBAN ${country === 'IT' ? 'italiano' : 'sammarinese'} ha CIN (1 lettera), ABI e CAB (5 cifre ciascuno) e conto (12 lettere o cifre)`,
    );
  }
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98 || mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) {
    return fail('IBAN non valido: cifre di controllo errate');
  }
  if (italianBban && italianCin(iban.slice(5)) !== iban.charAt(4)) {
    return fail('IBAN non valido: CIN errato');
  }
  return ok(iban);
}
