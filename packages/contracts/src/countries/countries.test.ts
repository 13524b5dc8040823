import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_CODES,
  DIAL_CODES,
  EU_COUNTRY_CODES,
  EU_VAT_PREFIXES,
  countryCodeSchema,
  euVatPrefixOf,
  findCountry,
  getDialCode,
  isEuCountry,
  isEuVatPrefix,
} from './index.js';

describe('COUNTRIES', () => {
  it('holds about 240 countries: the 249 ISO 3166-1 codes plus Kosovo', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(COUNTRY_CODES).toHaveLength(250);
  });

  it('has one row per code and per name', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.name.toLowerCase())).size).toBe(COUNTRIES.length);
  });

  it('has well-formed codes and dial codes on every row', () => {
    for (const c of COUNTRIES) {
      expect(c.code, c.name).toMatch(/^[A-Z]{2}$/);
      expect(c.dialCode, c.name).toMatch(/^\+[1-9]\d{0,3}$/);
      expect(c.name.trim(), c.code).toBe(c.name);
    }
  });

  it('is sorted by Italian name and its rows cannot be changed', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    expect(Object.isFrozen(COUNTRIES)).toBe(true);
    expect(Object.isFrozen(COUNTRIES[0])).toBe(true);
  });

  it.each([
    ['IT', 'Italia', '+39'],
    ['DE', 'Germania', '+49'],
    ['GR', 'Grecia', '+30'],
    ['GB', 'Regno Unito', '+44'],
    ['US', "Stati Uniti d'America", '+1'],
    ['CN', 'Cina', '+86'],
    ['IN', 'India', '+91'],
    ['SM', 'San Marino', '+378'],
    ['VA', 'Città del Vaticano', '+39'],
    ['CH', 'Svizzera', '+41'],
    ['AE', 'Emirati Arabi Uniti', '+971'],
    ['XK', 'Kosovo', '+383'],
  ])('%s is %s with %s', (code, name, dialCode) => {
    expect(findCountry(code)).toEqual({ code, name, dialCode });
  });
});

describe('findCountry', () => {
  it.each([
    ['it', 'IT'],
    [' It ', 'IT'],
    ['italia', 'IT'],
    ['ITALIA', 'IT'],
    ['Perù', 'PE'],
    ['peru', 'PE'],
    ['costa d’avorio', 'CI'],
    ['Bosnia  ed   Erzegovina', 'BA'],
    ['Stati Uniti', 'US'],
    ['Olanda', 'NL'],
    ['isole aland', 'AX'],
  ])('%j finds %s', (query, code) => {
    expect(findCountry(query)?.code).toBe(code);
  });

  it.each(['', 'ZZ', 'Atlantide', 'I', 'ITA', 'EL', 'XI'])('%j finds nothing', (query) => {
    expect(findCountry(query)).toBeUndefined();
  });
});

describe('getDialCode', () => {
  it('returns the dial code by ISO code, any case', () => {
    expect(getDialCode('IT')).toBe('+39');
    expect(getDialCode('fr')).toBe('+33');
    expect(getDialCode('br')).toBe('+55');
  });
  it('returns undefined for an unknown code or a name', () => {
    expect(getDialCode('ZZ')).toBeUndefined();
    expect(getDialCode('Italia')).toBeUndefined();
  });
  it('DIAL_CODES lists each dial code once, longest first', () => {
    expect(new Set(DIAL_CODES).size).toBe(DIAL_CODES.length);
    expect(DIAL_CODES).toContain('+39');
    const lengths = DIAL_CODES.map((d) => d.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });
});

describe('EU VAT prefixes', () => {
  it('are the 27 member states with EL for Greece, plus XI for Northern Ireland', () => {
    expect(EU_VAT_PREFIXES).toHaveLength(28);
    expect(EU_VAT_PREFIXES).toContain('EL');
    expect(EU_VAT_PREFIXES).toContain('XI');
    expect(EU_VAT_PREFIXES).not.toContain('GR');
    expect(EU_VAT_PREFIXES).not.toContain('GB');
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(EU_COUNTRY_CODES).toContain('GR');
    for (const code of EU_COUNTRY_CODES) expect(findCountry(code), code).toBeDefined();
  });

  it('maps member states to their prefix and nothing else', () => {
    expect(euVatPrefixOf('GR')).toBe('EL');
    expect(euVatPrefixOf('de')).toBe('DE');
    expect(euVatPrefixOf('IT')).toBe('IT');
    expect(euVatPrefixOf('GB')).toBeUndefined();
    expect(euVatPrefixOf('CH')).toBeUndefined();
    expect(isEuCountry('AT')).toBe(true);
    expect(isEuCountry('NO')).toBe(false);
    expect(isEuVatPrefix('EL')).toBe(true);
    expect(isEuVatPrefix('GR')).toBe(false);
  });
});

describe('countryCodeSchema', () => {
  it.each([
    ['IT', 'IT'],
    [' de ', 'DE'],
    ['gr', 'GR'],
    ['XK', 'XK'],
  ])('accepts %j as %s', (input, code) => {
    expect(countryCodeSchema.parse(input)).toBe(code);
  });

  it.each(['ZZ', 'ITA', '', 'Italia', 'EL'])('refuses %j with an Italian message', (input) => {
    const result = countryCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Nazione non valida: /);
  });

  it('refuses a non-string', () => {
    expect(countryCodeSchema.safeParse(39).error?.issues[0]?.message).toMatch(
      /^Nazione non valida/,
    );
  });
});
