import { z } from 'zod';
import { COUNTRY_ROWS, EU_VAT_PREFIXES } from './countries.data.js';

export { EU_VAT_PREFIXES };

export type CountryCode = (typeof COUNTRY_ROWS)[number]['code'];
export type EuVatPrefix = (typeof EU_VAT_PREFIXES)[number];

export interface Country {
  /** Italian name, as shown in the nazione dropdown. */
  readonly name: string;
  /** ISO 3166-1 alpha-2 code (`XK` for Kosovo). */
  readonly code: CountryCode;
  /** E.164 country calling code with its plus sign, e.g. `'+39'`. */
  readonly dialCode: string;
}

/** Every country, sorted by Italian name (the order of the dropdowns). */
export const COUNTRIES: readonly Country[] = Object.freeze(
  [...COUNTRY_ROWS]
    .map((row): Country =>
      Object.freeze({ name: row.name, code: row.code, dialCode: row.dialCode }),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'it')),
);

/** The codes, in the order of `COUNTRY_ROWS` (alphabetical by code). */
export const COUNTRY_CODES = COUNTRY_ROWS.map((row) => row.code) as [CountryCode, ...CountryCode[]];

/** Lower case, no accents, one space, plain apostrophe: how names are compared. */
function nameKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Other Italian names people type for a country (keys as `nameKey` returns them). */
const NAME_ALIASES: Readonly<Record<string, CountryCode>> = {
  'stati uniti': 'US',
  usa: 'US',
  'gran bretagna': 'GB',
  inghilterra: 'GB',
  olanda: 'NL',
  cechia: 'CZ',
  'repubblica di san marino': 'SM',
  vaticano: 'VA',
  'santa sede': 'VA',
  'principato di monaco': 'MC',
  'repubblica popolare cinese': 'CN',
  'federazione russa': 'RU',
  birmania: 'MM',
  swaziland: 'SZ',
  'emirati arabi': 'AE',
};

const BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]));
const BY_NAME: ReadonlyMap<string, Country> = new Map([
  ...Object.entries(NAME_ALIASES).map(([alias, code]): [string, Country] => [
    alias,
    BY_CODE.get(code) as Country,
  ]),
  ...COUNTRIES.map((c): [string, Country] => [nameKey(c.name), c]),
]);

/** True when `code` (exactly, upper case) is a code of the list. */
export function isCountryCode(code: string): code is CountryCode {
  return BY_CODE.has(code);
}

/**
 * The country with this ISO code or Italian name, ignoring case, accents and extra spaces
 * (`'it'`, `'IT'`, `'italia'`, `'Perù'`, `'peru'` all work); `undefined` when there is none.
 */
export function findCountry(nameOrCode: string): Country | undefined {
  const trimmed = nameOrCode.trim();
  if (trimmed.length === 2) {
    const byCode = BY_CODE.get(trimmed.toUpperCase());
    if (byCode) return byCode;
  }
  return BY_NAME.get(nameKey(trimmed));
}

/** The dial code (`'+39'`) of the country with this ISO code, any case; `undefined` if unknown. */
export function getDialCode(code: string): string | undefined {
  return BY_CODE.get(code.trim().toUpperCase())?.dialCode;
}

/** Every distinct dial code of the list, longest first (for prefix matching). */
export const DIAL_CODES: readonly string[] = Object.freeze(
  [...new Set(COUNTRIES.map((c) => c.dialCode))].sort((a, b) => b.length - a.length),
);

/** The EU member states by ISO code (Greece `GR`, whose VAT prefix is `EL`). */
export const EU_COUNTRY_CODES: readonly CountryCode[] = Object.freeze(
  EU_VAT_PREFIXES.filter((p) => p !== 'XI').map((p) => (p === 'EL' ? 'GR' : p) as CountryCode),
);

/** True for an EU member state's ISO code. */
export function isEuCountry(code: string): boolean {
  return (EU_COUNTRY_CODES as readonly string[]).includes(code.toUpperCase());
}

/** True for a VIES VAT prefix (`EL`, `XI` included, `GR` not). */
export function isEuVatPrefix(prefix: string): prefix is EuVatPrefix {
  return (EU_VAT_PREFIXES as readonly string[]).includes(prefix);
}

/** The VAT prefix of an EU member state (`GR` → `EL`); `undefined` outside the EU. */
export function euVatPrefixOf(code: string): EuVatPrefix | undefined {
  const upper = code.toUpperCase();
  if (!isEuCountry(upper)) return undefined;
  return (upper === 'GR' ? 'EL' : upper) as EuVatPrefix;
}

/**
 * A nazione field: an ISO alpha-2 code of the list, any case and spaces around it, output upper
 * case (`' it '` → `'IT'`).
 */
export const countryCodeSchema = z
  .string({ error: 'Nazione non valida: indicare il codice ISO di 2 lettere' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, {
    error: (iss) =>
      `Nazione non valida: "${String(iss.input)}" non è un codice ISO di 2 lettere della lista dei paesi`,
  })
  .transform((code) => code as CountryCode);
