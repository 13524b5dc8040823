/**
 * Italian and international identifiers of customers and suppliers (DESIGN §4 "Clienti /
 * Fornitori", DOMAIN-NOTES §2.8): pure functions, no I/O, the same on server and browser.
 *
 * Every `validate…` function takes what the user typed and answers either the normalised value
 * or an Italian message that names the field and says why it is wrong.
 */
import { z } from 'zod';
import {
  DIAL_CODES,
  euVatPrefixOf,
  findCountry,
  getDialCode,
  isEuVatPrefix,
} from '../countries/countries.js';
import { IBAN_LENGTHS } from './iban.data.js';
import { PROVINCE_ROWS } from './province.data.js';

export type CheckResult = { ok: true; value: string } | { ok: false; message: string };

const ok = (value: string): CheckResult => ({ ok: true, value });
const fail = (message: string): CheckResult => ({ ok: false, message });

/** Removes every kind of whitespace (spaces, tabs, non-breaking spaces). */
const compact = (value: string): string => value.replace(/\s+/g, '');

const isDigits = (value: string): boolean => /^\d+$/.test(value);

function countryLabel(code: string): string {
  return findCountry(code)?.name ?? code;
}

// ---------------------------------------------------------------------------------------------
// Partita IVA (Italy)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Foreign VAT numbers
// ---------------------------------------------------------------------------------------------

const VAT_BODY = /^[A-Z0-9]{2,13}$/;

/**
 * VAT number of a subject outside Italy, for the given nazione (ISO code). Spaces, dots and
 * dashes are removed, letters upper-cased.
 * - EU member state: its VIES prefix (Greece `EL`) followed by 2–13 letters or digits. The prefix
 *   may be left out (it is added); another country's prefix is refused.
 * - United Kingdom: either `XI` (Northern Ireland) + 2–13 letters or digits, or as outside the EU.
 * - Outside the EU: 2–13 letters or digits, and not starting with an EU VAT prefix.
 * Value: the compact number, with its prefix for the EU.
 */
export function validateForeignVat(input: string, nazione: string): CheckResult {
  const country = nazione.trim().toUpperCase();
  const value = input.replace(/[\s.\-/]+/g, '').toUpperCase();
  if (value === '') return fail('Partita IVA mancante');
  if (!/^[A-Z0-9]+$/.test(value)) {
    return fail(
      'Partita IVA estera non valida: solo lettere e cifre (spazi, punti e trattini sono ignorati)',
    );
  }
  const head = value.slice(0, 2);
  const euPrefix = euVatPrefixOf(country);
  const prefix = euPrefix ?? (country === 'GB' && head === 'XI' ? 'XI' : undefined);
  if (prefix) {
    let body = value;
    if (head === prefix) {
      body = value.slice(2);
    } else if (/^[A-Z]{2}$/.test(head) && (isEuVatPrefix(head) || head === country)) {
      return fail(
        `Partita IVA estera non valida: per ${countryLabel(country)} il prefisso IVA è ${prefix}, non ${head}`,
      );
    }
    if (!VAT_BODY.test(body)) {
      return fail(
        `Partita IVA estera non valida: dopo il prefisso ${prefix} servono da 2 a 13 lettere o cifre (ne ha ${body.length})`,
      );
    }
    return ok(prefix + body);
  }
  if (/^[A-Z]{2}$/.test(head) && isEuVatPrefix(head)) {
    return fail(
      `Partita IVA estera non valida: ${head} è un prefisso IVA dell'Unione europea, non di ${countryLabel(country)}; scegliere la nazione giusta`,
    );
  }
  if (!VAT_BODY.test(value)) {
    return fail(
      `Partita IVA estera non valida: deve avere da 2 a 13 lettere o cifre (ne ha ${value.length})`,
    );
  }
  return ok(value);
}

/**
 * The partita IVA field for a subject of the given nazione: the Italian rules when it is `IT`
 * (with a clear message when an EU prefix of another country was typed), otherwise the foreign
 * ones.
 */
export function validateVatNumber(input: string, nazione: string): CheckResult {
  const country = nazione.trim().toUpperCase();
  if (country !== 'IT') return validateForeignVat(input, country);
  const head = compact(input).slice(0, 2).toUpperCase();
  if (head !== 'IT' && /^[A-Z]{2}$/.test(head) && isEuVatPrefix(head)) {
    return fail(
      `Partita IVA non valida: il prefisso ${head} non è italiano; per un soggetto estero scegliere la sua nazione`,
    );
  }
  return validatePartitaIva(input);
}

// ---------------------------------------------------------------------------------------------
// Codice fiscale
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Address: CAP and provincia
// ---------------------------------------------------------------------------------------------

/** CAP: 5 digits in Italy; abroad up to 12 letters, digits, spaces or dashes. */
export function validateCap(input: string, nazione: string): CheckResult {
  const trimmed = input.trim();
  if (nazione.trim().toUpperCase() === 'IT') {
    const cap = compact(trimmed);
    if (cap === '') return fail('CAP mancante: in Italia servono 5 cifre');
    if (!/^\d{5}$/.test(cap)) return fail('CAP non valido: in Italia deve avere 5 cifre');
    return ok(cap);
  }
  const cap = trimmed.replace(/\s+/g, ' ').toUpperCase();
  if (cap === '') return fail('CAP mancante');
  if (cap.length > 12 || !/^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/.test(cap)) {
    return fail('CAP non valido: al massimo 12 lettere, cifre, spazi o trattini');
  }
  return ok(cap);
}

export interface Provincia {
  readonly sigla: string;
  readonly nome: string;
  readonly regione: string;
}

/** The current provinces (and equivalent units), sorted by sigla. */
export const PROVINCE: readonly Provincia[] = Object.freeze(
  PROVINCE_ROWS.map((row): Provincia => Object.freeze({ ...row })),
);

const PROVINCE_BY_SIGLA: ReadonlyMap<string, Provincia> = new Map(
  PROVINCE.map((p) => [p.sigla, p]),
);

/** The province with this sigla (any case), or `undefined`. */
export function findProvincia(sigla: string): Provincia | undefined {
  return PROVINCE_BY_SIGLA.get(sigla.trim().toUpperCase());
}

/**
 * Provincia: in Italy the sigla of a current province, upper-cased (`ms` → `MS`); abroad any
 * region or county name up to 40 characters, as typed.
 */
export function validateProvincia(input: string, nazione: string): CheckResult {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  if (nazione.trim().toUpperCase() === 'IT') {
    const sigla = trimmed.toUpperCase();
    if (sigla === '') return fail('Provincia mancante: indicare la sigla di 2 lettere (es. MS)');
    if (!/^[A-Z]{2}$/.test(sigla)) {
      return fail('Provincia non valida: indicare la sigla di 2 lettere (es. MS)');
    }
    if (!PROVINCE_BY_SIGLA.has(sigla)) {
      return fail(
        `Provincia non valida: ${sigla} non è la sigla di una provincia italiana attuale`,
      );
    }
    return ok(sigla);
  }
  if (trimmed === '') return fail('Provincia mancante');
  if (trimmed.length > 40) return fail('Provincia non valida: al massimo 40 caratteri');
  return ok(trimmed);
}

// ---------------------------------------------------------------------------------------------
// Codice destinatario SDI
// ---------------------------------------------------------------------------------------------

/** The SDI code of a private Italian recipient that receives by PEC or has no code. */
export const SDI_CODICE_PEC = '0000000';
/** The SDI code of a foreign recipient (FatturaPA). */
export const SDI_CODICE_ESTERO = 'XXXXXXX';

export interface SdiContext {
  /** ISO code of the recipient's country. */
  nazione: string;
  /** A public administration receives on its 6-character codice univoco ufficio (IPA). */
  pubblicaAmministrazione?: boolean;
}

/**
 * Codice destinatario SDI (e-invoicing): for a public administration its 6-character codice
 * univoco ufficio; for an Italian private recipient 7 letters or digits, `0000000` included (with
 * or without a PEC); for a foreign recipient `XXXXXXX`. Upper-cased, spaces removed.
 */
export function validateCodiceSdi(input: string, context: SdiContext): CheckResult {
  const code = compact(input).toUpperCase();
  const foreign = context.nazione.trim().toUpperCase() !== 'IT';
  if (code === '') return fail('Codice SDI mancante');
  if (context.pubblicaAmministrazione) {
    if (foreign) {
      return fail(
        'Codice SDI non valido: il codice univoco ufficio esiste solo per la pubblica amministrazione italiana',
      );
    }
    if (!/^[A-Z0-9]{6}$/.test(code)) {
      return fail(
        `Codice SDI non valido: per una pubblica amministrazione il codice univoco ufficio ha 6 lettere o cifre (ne ha ${code.length})`,
      );
    }
    return ok(code);
  }
  if (foreign) {
    if (code !== SDI_CODICE_ESTERO) {
      return fail(`Codice SDI non valido: per un soggetto estero il codice è ${SDI_CODICE_ESTERO}`);
    }
    return ok(code);
  }
  if (code === SDI_CODICE_ESTERO) {
    return fail(`Codice SDI non valido: ${SDI_CODICE_ESTERO} è riservato ai soggetti esteri`);
  }
  if (!/^[A-Z0-9]{7}$/.test(code)) {
    return fail(
      `Codice SDI non valido: deve avere 7 lettere o cifre, oppure ${SDI_CODICE_PEC} (ne ha ${code.length})`,
    );
  }
  return ok(code);
}

// ---------------------------------------------------------------------------------------------
// E-mail and PEC
// ---------------------------------------------------------------------------------------------

/** An address: the local part, `@`, a domain with a dot. Trimmed, lower-cased. */
function validateMailAddress(input: string, label: string): CheckResult {
  const value = input.trim().toLowerCase();
  if (value === '') return fail(`${label} mancante`);
  if (value.length > 254) return fail(`${label} non valida: al massimo 254 caratteri`);
  if (/\s/.test(value)) return fail(`${label} non valida: non può contenere spazi`);
  if (!z.regexes.email.test(value)) {
    return fail(`${label} non valida: formato atteso nome@dominio.it`);
  }
  return ok(value);
}

/** E-mail address: trimmed, lower-cased, `nome@dominio.tld`. */
export function validateEmail(input: string): CheckResult {
  return validateMailAddress(input, 'Email');
}

/** PEC (posta elettronica certificata): an e-mail address (its provider cannot be checked). */
export function validatePec(input: string): CheckResult {
  return validateMailAddress(input, 'PEC');
}

// ---------------------------------------------------------------------------------------------
// IBAN
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Telephone
// ---------------------------------------------------------------------------------------------

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
