import { describe, expect, it } from 'vitest';
import { validateCodiceSdi } from './codice-sdi.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('codice SDI', () => {
  it.each([
    ['ABC1234', 'IT', false, 'ABC1234'],
    ['abc 1234', 'IT', false, 'ABC1234'],
    ['0000000', 'IT', false, '0000000'],
    ['M5UXCR1', 'IT', false, 'M5UXCR1'],
    ['XXXXXXX', 'DE', false, 'XXXXXXX'],
    ['xxxxxxx', 'US', false, 'XXXXXXX'],
    ['UFABCD', 'IT', true, 'UFABCD'],
    ['uf1234', 'IT', true, 'UF1234'],
  ])('accepts %j for %s (PA %s) as %s', (input, nazione, pa, value) => {
    expect(valueOf(validateCodiceSdi(input, { nazione, pubblicaAmministrazione: pa }))).toBe(value);
  });

  it.each([
    ['', 'IT', false, 'Codice SDI mancante'],
    [
      'ABC123',
      'IT',
      false,
      'Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 6)',
    ],
    [
      'ABC12345',
      'IT',
      false,
      'Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 8)',
    ],
    [
      'ABC-123',
      'IT',
      false,
      'Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 7)',
    ],
    ['XXXXXXX', 'IT', false, 'Codice SDI non valido: XXXXXXX è riservato ai soggetti esteri'],
    ['ABC1234', 'DE', false, 'Codice SDI non valido: per un soggetto estero il codice è XXXXXXX'],
    ['0000000', 'FR', false, 'Codice SDI non valido: per un soggetto estero il codice è XXXXXXX'],
    [
      'ABC1234',
      'IT',
      true,
      'Codice SDI non valido: per una pubblica amministrazione il codice univoco ufficio ha 6 lettere o cifre (ne ha 7)',
    ],
    [
      'UFABCD',
      'DE',
      true,
      'Codice SDI non valido: il codice univoco ufficio esiste solo per la pubblica amministrazione italiana',
    ],
  ])('refuses %j for %s (PA %s): %s', (input, nazione, pa, message) => {
    expect(messageOf(validateCodiceSdi(input, { nazione, pubblicaAmministrazione: pa }))).toBe(
      message,
    );
  });
});
