import { describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit, validatePartitaIva } from './partita-iva.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('partita IVA (Italy)', () => {
  it('computes the check digit by the Agenzia delle Entrate algorithm (worked by hand)', () => {
    // 0074311015|7: odd positions 0+7+3+1+1 = 12; even positions 0,4,1,0,5 doubled 0,8,2,0,10→1 = 11;
    // total 23, (10 − 3) mod 10 = 7.
    expect(partitaIvaCheckDigit('0074311015')).toBe(7);
    // 1234567890: odd 1+3+5+7+9 = 25; even 2,4,6,8,0 doubled 4,8,12→3,16→7,0 = 22; 47 → 3.
    expect(partitaIvaCheckDigit('1234567890')).toBe(3);
    expect(() => partitaIvaCheckDigit('123')).toThrow(RangeError);
  });

  it.each([
    ['00743110157', '00743110157'],
    ['00488410010', '00488410010'],
    ['00159560366', '00159560366'],
    ['00905811006', '00905811006'],
    ['06655971007', '06655971007'],
    ['12345678903', '12345678903'],
    ['IT00743110157', '00743110157'],
    ['it00743110157', '00743110157'],
    ['IT 00743110157', '00743110157'],
    [' 007 431 101 57 ', '00743110157'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validatePartitaIva(input))).toBe(value);
  });

  it.each([
    ['', 'Partita IVA mancante: indicare le 11 cifre'],
    ['IT', 'Partita IVA mancante: indicare le 11 cifre'],
    ['00743110158', 'Partita IVA non valida: cifra di controllo errata'],
    ['00743110175', 'Partita IVA non valida: cifra di controllo errata'],
    ['12345678901', 'Partita IVA non valida: cifra di controllo errata'],
    ['0074311015', 'Partita IVA non valida: deve avere 11 cifre (ne ha 10)'],
    ['007431101570', 'Partita IVA non valida: deve avere 11 cifre (ne ha 12)'],
    ['0074311015A', 'Partita IVA non valida: deve contenere solo cifre'],
    ['00743-110157', 'Partita IVA non valida: deve contenere solo cifre'],
    ['DE00743110157', 'Partita IVA non valida: deve contenere solo cifre'],
    ['00000000000', 'Partita IVA non valida: non può essere composta da soli zeri'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validatePartitaIva(input))).toBe(message);
  });
});
