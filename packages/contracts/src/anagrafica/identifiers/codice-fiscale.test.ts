import { describe, expect, it } from 'vitest';
import { codiceFiscaleCheckChar, validateCodiceFiscale } from './codice-fiscale.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('codice fiscale', () => {
  it('computes the check character (worked by hand)', () => {
    // MRTMTT25D09F205: odd positions M18 T14 T14 2→5 D7 9→21 2→5 5→13 = 97; even positions
    // R17 M12 T19 5 0 F5 0 = 58; 155 mod 26 = 25 → Z.
    expect(codiceFiscaleCheckChar('MRTMTT25D09F205')).toBe('Z');
    // BNCLRA70M41F205: odd B0 C5 R8 7→17 M18 1→0 2→5 5→13 = 66; even N13 L11 A0 0 4 F5 0 = 33;
    // 99 mod 26 = 21 → V.
    expect(codiceFiscaleCheckChar('BNCLRA70M41F205')).toBe('V');
    // Omocodia on the last digit: 5 → R changes the odd value 13 to 8: 150 mod 26 = 20 → U.
    expect(codiceFiscaleCheckChar('MRTMTT25D09F20R')).toBe('U');
    // Born 29 February instead of 9 April: month B (odd, 0 instead of 7), day 2 (even, +2): 150 → U.
    expect(codiceFiscaleCheckChar('MRTMTT25B29F205')).toBe('U');
    expect(() => codiceFiscaleCheckChar('mrtmtt25d09f205')).toThrow(RangeError);
  });

  it.each([
    ['MRTMTT25D09F205Z', 'MRTMTT25D09F205Z'],
    ['RSSMRA80A01H501U', 'RSSMRA80A01H501U'],
    ['BNCLRA70M41F205V', 'BNCLRA70M41F205V'],
    ['mrtmtt25d09f205z', 'MRTMTT25D09F205Z'],
    [' MRT MTT 25D09 F205Z ', 'MRTMTT25D09F205Z'],
    ['MRTMTT25D09F20RU', 'MRTMTT25D09F20RU'],
    ['MRTMTTNRDLVFNLRV', 'MRTMTTNRDLVFNLRV'],
    ['MRTMTT25B29F205U', 'MRTMTT25B29F205U'],
    ['00743110157', '00743110157'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validateCodiceFiscale(input))).toBe(value);
  });

  it.each([
    ['', 'Codice fiscale mancante'],
    ['MRTMTT25D09F205A', 'Codice fiscale non valido: carattere di controllo errato'],
    ['MRTMTT25D09F20SU', 'Codice fiscale non valido: carattere di controllo errato'],
    [
      'MRTMTT25D09F205',
      'Codice fiscale non valido: deve avere 16 caratteri (persona) o 11 cifre (società); ne ha 15',
    ],
    ['MRTMTT25D09F205Z!', 'Codice fiscale non valido: solo lettere e cifre'],
    [
      '1RTMTT25D09F205Z',
      'Codice fiscale non valido: i primi 6 caratteri (cognome e nome) devono essere lettere',
    ],
    [
      'MRTMTTA5D09F205Z',
      "Codice fiscale non valido: l'anno di nascita (caratteri 7-8) deve essere di 2 cifre",
    ],
    [
      'MRTMTT25F09F205Z',
      'Codice fiscale non valido: il mese di nascita (carattere 9) deve essere una lettera tra A B C D E H L M P R S T',
    ],
    [
      'MRTMTT25DA9F205Z',
      'Codice fiscale non valido: il giorno di nascita (caratteri 10-11) deve essere di 2 cifre',
    ],
    [
      'MRTMTT25D32F205Z',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25B30F205B',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25D00F205Z',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25D72F205Z',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25D0962052',
      'Codice fiscale non valido: il codice del comune di nascita (caratteri 12-15) deve essere una lettera e 3 cifre',
    ],
    [
      'MRTMTT25D09F2A5Z',
      'Codice fiscale non valido: il codice del comune di nascita (caratteri 12-15) deve essere una lettera e 3 cifre',
    ],
    [
      'MRTMTT25D09F2052',
      "Codice fiscale non valido: l'ultimo carattere (di controllo) deve essere una lettera",
    ],
    ['00743110158', 'Codice fiscale non valido: cifra di controllo errata'],
    [
      '0074311015',
      'Codice fiscale non valido: quello numerico di una società ha 11 cifre (ne ha 10)',
    ],
    ['00000000000', 'Codice fiscale non valido: non può essere composto da soli zeri'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateCodiceFiscale(input))).toBe(message);
  });
});
