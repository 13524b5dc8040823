import { describe, expect, it } from 'vitest';
import { formatDateText, readDateText } from './date-text';

describe('readDateText', () => {
  it.each([
    '07/01/27',
    '7/1/2027',
    '7/1/27',
    '07012027',
    '070127',
    '7-1-27',
    '7.1.2027',
    ' 07/01/2027 ',
  ])('reads %s as 7 January 2027', (text) => {
    expect(readDateText(text)).toBe('2027-01-07');
  });

  it('is null when empty', () => {
    expect(readDateText('  ')).toBeNull();
  });

  it.each(['31/02/27', '7/13/27', '7/1', '7/1/202', 'domani', '0/1/27'])(
    'keeps %s as typed: not a date, the schema says so',
    (text) => {
      expect(readDateText(text)).toBe(text);
    },
  );
});

describe('formatDateText', () => {
  it('shows an ISO date as dd/MM/yy and anything else as it is', () => {
    expect(formatDateText('2027-01-07')).toBe('07/01/27');
    expect(formatDateText('7/13/27')).toBe('7/13/27');
    expect(formatDateText(null)).toBe('');
  });
});
