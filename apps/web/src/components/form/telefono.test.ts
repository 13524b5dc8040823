import { describe, expect, it } from 'vitest';
import { joinTelefono, splitTelefono } from './telefono';

describe('telefono with its dial code', () => {
  it('splits a stored E.164 number into the country and the number', () => {
    expect(splitTelefono('+390585123456', 'IT')).toEqual({ country: 'IT', number: '0585123456' });
    expect(splitTelefono('+39 0585 123456', 'IT')).toEqual({
      country: 'IT',
      number: '0585 123456',
    });
    expect(splitTelefono('+97143456789', 'IT')).toEqual({ country: 'AE', number: '43456789' });
    // +1 is shared: the record's own nazione wins when it uses it
    expect(splitTelefono('+15145550000', 'CA')).toEqual({ country: 'CA', number: '5145550000' });
    expect(splitTelefono('0044 20 7946 0000', 'IT')).toEqual({
      country: 'GB',
      number: '20 7946 0000',
    });
  });

  it('keeps a number without a dial code under the given country', () => {
    expect(splitTelefono('0585 123456', 'IT')).toEqual({ country: 'IT', number: '0585 123456' });
    expect(splitTelefono('', 'DE')).toEqual({ country: 'DE', number: '' });
    expect(splitTelefono(null, 'FR')).toEqual({ country: 'FR', number: '' });
  });

  it('joins the dial code and the number; a number typed with + or 00 wins; empty stays empty', () => {
    expect(joinTelefono('IT', '0585 123456')).toBe('+39 0585 123456');
    expect(joinTelefono('DE', '+33 1 23')).toBe('+33 1 23');
    expect(joinTelefono('DE', '0033 1 23')).toBe('0033 1 23');
    expect(joinTelefono('IT', '   ')).toBe('');
    // a space typed between groups survives while typing
    expect(joinTelefono('IT', '0585 ')).toBe('+39 0585 ');
  });
});
