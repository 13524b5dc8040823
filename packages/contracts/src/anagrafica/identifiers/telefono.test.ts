import { describe, expect, it } from 'vitest';
import { validateTelefono } from './telefono.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('telefono', () => {
  it.each([
    ['+39 0585 123456', undefined, '+390585123456'],
    ['0039 0585 123456', undefined, '+390585123456'],
    ['+39 333-123.4567', undefined, '+393331234567'],
    ['+39 333/1234567', undefined, '+393331234567'],
    ['+1 212 555 0100', undefined, '+12125550100'],
    ['+44 20 7946 0000', undefined, '+442079460000'],
    ['+378 0549 882222', undefined, '+3780549882222'],
    ['0585 123456', '+39', '+390585123456'],
    ['+49 30 123456', '+39', '+4930123456'],
  ])('accepts %j (default %s) as %s', (input, dialCode, value) => {
    expect(valueOf(validateTelefono(input, dialCode))).toBe(value);
  });

  it.each([
    ['', 'Telefono mancante'],
    ['0585 123456', 'Telefono non valido: manca il prefisso internazionale (es. +39)'],
    ['+39', 'Telefono non valido: numero troppo corto'],
    ['+39 123', 'Telefono non valido: numero troppo corto'],
    [
      '+0039 0585 123456',
      'Telefono non valido: dopo il + servono il prefisso internazionale e il numero',
    ],
    ['++39 0585 123456', 'Telefono non valido: usare solo il prefisso +, cifre e spazi'],
    ['+999 1234567', 'Telefono non valido: prefisso internazionale sconosciuto'],
    ['+39 0585 1234567890123', 'Telefono non valido: al massimo 15 cifre compreso il prefisso'],
    ['+39 (0585) 123456', 'Telefono non valido: usare solo il prefisso +, cifre e spazi'],
    ['+39 0585 123456 int. 2', 'Telefono non valido: usare solo il prefisso +, cifre e spazi'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateTelefono(input))).toBe(message);
  });
});
