import { describe, expect, it } from 'vitest';
import { ibanCheckDigits, italianCin, validateIban } from './iban.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('IBAN', () => {
  it('computes check digits and the Italian CIN as the registry example shows', () => {
    expect(ibanCheckDigits('IT', 'X0542811101000000123456')).toBe('60');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(italianCin('0542811101000000123456')).toBe('X');
    expect(italianCin('0322509800000000270100')).toBe('U');
    expect(() => italianCin('054281110')).toThrow(RangeError);
  });

  // Examples of the SWIFT IBAN registry.
  it.each([
    ['IT60X0542811101000000123456', 'IT60X0542811101000000123456'],
    ['it60 x054 2811 1010 0000 0123 456', 'IT60X0542811101000000123456'],
    ['SM86U0322509800000000270100', 'SM86U0322509800000000270100'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['GB29NWBK60161331926819', 'GB29NWBK60161331926819'],
    ['FR1420041010050500013M02606', 'FR1420041010050500013M02606'],
    ['CH9300762011623852957', 'CH9300762011623852957'],
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
    ['NO9386011117947', 'NO9386011117947'],
    ['BE68539007547034', 'BE68539007547034'],
    ['MT84MALT011000012345MTLCAST001S', 'MT84MALT011000012345MTLCAST001S'],
    ['ES9121000418450200051332', 'ES9121000418450200051332'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validateIban(input))).toBe(value);
  });

  it.each([
    ['', 'IBAN mancante'],
    ['IT60X0542811101000000123457', 'IBAN non valido: cifre di controllo errate'],
    ['IT61X0542811101000000123456', 'IBAN non valido: cifre di controllo errate'],
    ['IT60X0542811101000000124356', 'IBAN non valido: cifre di controllo errate'],
    ['DE88370400440532013000', 'IBAN non valido: cifre di controllo errate'],
    ['IT64Y0542811101000000123456', 'IBAN non valido: CIN errato'],
    [
      'IT60X054281110100000012345',
      'IBAN non valido: per Italia deve avere 27 caratteri (ne ha 26)',
    ],
    ['DE8937040044053201300', 'IBAN non valido: per Germania deve avere 22 caratteri (ne ha 21)'],
    ['US12345678901234567890', "IBAN non valido: US non è un paese che usa l'IBAN"],
    [
      'IT6OX0542811101000000123456',
      'IBAN non valido: deve iniziare con la sigla del paese e 2 cifre di controllo (es. IT60X…)',
    ],
    ['IT60-X054-2811', 'IBAN non valido: solo lettere e cifre'],
    [
      'IT6000542811101000000123456',
      'IBAN non valido: un IBAN italiano ha CIN (1 lettera), ABI e CAB (5 cifre ciascuno) e conto (12 lettere o cifre)',
    ],
    [
      'IT60XA542811101000000123456',
      'IBAN non valido: un IBAN italiano ha CIN (1 lettera), ABI e CAB (5 cifre ciascuno) e conto (12 lettere o cifre)',
    ],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateIban(input))).toBe(message);
  });

  it('refuses check digits 00, 01 and 99 even when mod 97 would pass', () => {
    // 99 ≡ 2 (mod 97): a BBAN whose right check digits are 02 would also pass mod 97 with 99.
    const bban = Array.from(
      { length: 1000 },
      (_, i) => `X05428111010000001${String(i).padStart(5, '0')}`,
    )
      .map((b) => `${italianCin(b.slice(1))}${b.slice(1)}`)
      .find((b) => ibanCheckDigits('IT', b) === '02');
    expect(bban).toBeDefined();
    expect(valueOf(validateIban(`IT02${bban}`))).toBe(`IT02${bban}`);
    expect(messageOf(validateIban(`IT99${bban}`))).toBe(
      'IBAN non valido: cifre di controllo errate',
    );
  });
});
