import { describe, expect, it } from 'vitest';
import { validateForeignVat, validateVatNumber } from './vat-number.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('foreign VAT numbers', () => {
  it.each([
    ['DE123456789', 'DE', 'DE123456789'],
    ['de 123 456 789', 'DE', 'DE123456789'],
    ['123456789', 'DE', 'DE123456789'],
    ['EL123456789', 'GR', 'EL123456789'],
    ['123456789', 'GR', 'EL123456789'],
    ['ATU12345678', 'AT', 'ATU12345678'],
    ['U12345678', 'at', 'ATU12345678'],
    ['FRXX123456789', 'FR', 'FRXX123456789'],
    ['XX123456789', 'FR', 'FRXX123456789'],
    ['NL123456789B01', 'NL', 'NL123456789B01'],
    ['B-12.345.678', 'ES', 'ESB12345678'],
    ['XI123456789', 'GB', 'XI123456789'],
    ['GB123456789', 'GB', 'GB123456789'],
    ['CHE-123.456.789', 'CH', 'CHE123456789'],
    ['12-3456789', 'US', '123456789'],
    ['AB', 'US', 'AB'],
    ['1234567890123', 'CN', '1234567890123'],
  ])('accepts %j for %s as %s', (input, nazione, value) => {
    expect(valueOf(validateForeignVat(input, nazione))).toBe(value);
  });

  it.each([
    ['GR123456789', 'GR', 'Partita IVA estera non valida: per Grecia il prefisso IVA è EL, non GR'],
    [
      'DE123456789',
      'FR',
      'Partita IVA estera non valida: per Francia il prefisso IVA è FR, non DE',
    ],
    [
      'DE1',
      'DE',
      'Partita IVA estera non valida: dopo il prefisso DE servono da 2 a 13 lettere o cifre (ne ha 1)',
    ],
    [
      'DE12345678901234',
      'DE',
      'Partita IVA estera non valida: dopo il prefisso DE servono da 2 a 13 lettere o cifre (ne ha 14)',
    ],
    [
      'DE123456789',
      'CH',
      "Partita IVA estera non valida: DE è un prefisso IVA dell'Unione europea, non di Svizzera; scegliere la nazione giusta",
    ],
    [
      'XI123456789',
      'IE',
      'Partita IVA estera non valida: per Irlanda il prefisso IVA è IE, non XI',
    ],
    [
      'XI123456789',
      'CH',
      "Partita IVA estera non valida: XI è un prefisso IVA dell'Unione europea, non di Svizzera; scegliere la nazione giusta",
    ],
    ['1', 'US', 'Partita IVA estera non valida: deve avere da 2 a 13 lettere o cifre (ne ha 1)'],
    [
      '12345678901234',
      'CN',
      'Partita IVA estera non valida: deve avere da 2 a 13 lettere o cifre (ne ha 14)',
    ],
    [
      'AB#12',
      'US',
      'Partita IVA estera non valida: solo lettere e cifre (spazi, punti e trattini sono ignorati)',
    ],
    ['  ', 'US', 'Partita IVA mancante'],
  ])('refuses %j for %s: %s', (input, nazione, message) => {
    expect(messageOf(validateForeignVat(input, nazione))).toBe(message);
  });

  it('validateVatNumber applies the Italian rules for IT and the foreign ones elsewhere', () => {
    expect(valueOf(validateVatNumber('IT00743110157', 'IT'))).toBe('00743110157');
    expect(valueOf(validateVatNumber('00743110158', 'IT'))).toBe(
      'ERRORE: Partita IVA non valida: cifra di controllo errata',
    );
    expect(messageOf(validateVatNumber('DE123456789', 'IT'))).toBe(
      'Partita IVA non valida: il prefisso DE non è italiano; per un soggetto estero scegliere la sua nazione',
    );
    expect(valueOf(validateVatNumber('123456789', 'DE'))).toBe('DE123456789');
    expect(valueOf(validateVatNumber('123456789', ' gr '))).toBe('EL123456789');
  });
});
