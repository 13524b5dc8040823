import { describe, expect, it } from 'vitest';
import { validateCap } from './cap.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('CAP', () => {
  it.each([
    ['54033', 'IT', '54033'],
    [' 54033 ', 'IT', '54033'],
    ['00118', 'it', '00118'],
    ['80331', 'DE', '80331'],
    ['sw1a 1aa', 'GB', 'SW1A 1AA'],
    ['1010', 'AT', '1010'],
    ['10001-1234', 'US', '10001-1234'],
  ])('accepts %j for %s as %s', (input, nazione, value) => {
    expect(valueOf(validateCap(input, nazione))).toBe(value);
  });

  it.each([
    ['', 'IT', 'CAP mancante: in Italia servono 5 cifre'],
    ['5403', 'IT', 'CAP non valido: in Italia deve avere 5 cifre'],
    ['540330', 'IT', 'CAP non valido: in Italia deve avere 5 cifre'],
    ['54O33', 'IT', 'CAP non valido: in Italia deve avere 5 cifre'],
    ['1234567890123', 'DE', 'CAP non valido: al massimo 12 lettere, cifre, spazi o trattini'],
    ['80#31', 'DE', 'CAP non valido: al massimo 12 lettere, cifre, spazi o trattini'],
    ['-8031', 'DE', 'CAP non valido: al massimo 12 lettere, cifre, spazi o trattini'],
  ])('refuses %j for %s: %s', (input, nazione, message) => {
    expect(messageOf(validateCap(input, nazione))).toBe(message);
  });
});
