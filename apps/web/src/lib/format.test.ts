import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatBadgeCount,
  formatDate,
  formatDateTime,
  formatDocumentDate,
  formatEuro,
  formatEuroCents,
  formatInteger,
  formatNumber,
  formatUnread,
  formatVolume,
  formatWeight,
  parseItalianNumber,
} from './format';

describe('Italian formatting', () => {
  const d = new Date(2026, 2, 5, 14, 30); // 5 March 2026, local time

  it('dates dd/MM/yy in the UI and dd/MM/yyyy on documents', () => {
    expect(formatDate(d)).toBe('05/03/26');
    expect(formatDocumentDate(d)).toBe('05/03/2026');
    expect(formatDateTime(d)).toBe('05/03/26 14:30');
    expect(formatDate('2026-12-24')).toBe('24/12/26');
    expect(formatDate(null)).toBe('');
    expect(formatDate('non una data')).toBe('');
  });

  it('euro amounts with Italian separators', () => {
    expect(formatEuro(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatEuro(0)).toBe('0,00\u00a0€');
    expect(formatEuro(-12)).toBe('-12,00\u00a0€');
    expect(formatEuroCents(123456)).toBe('1.234,56\u00a0€');
    expect(formatEuro(undefined)).toBe('');
  });

  it('numbers are always grouped (1.234, not 1234)', () => {
    expect(formatInteger(1234)).toBe('1.234');
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('units: m³ with 3 decimals, m² and t with 2', () => {
    expect(formatVolume(12.3456)).toBe('12,346 m³');
    expect(formatArea(1234.5)).toBe('1.234,50 m²');
    expect(formatWeight(33.7)).toBe('33,70 t');
  });

  it('reads numbers typed the Italian way', () => {
    expect(parseItalianNumber('1.234,56')).toBe(1234.56);
    expect(parseItalianNumber('12,5')).toBe(12.5);
    expect(parseItalianNumber('12.5')).toBe(12.5);
    expect(parseItalianNumber('1.234')).toBe(1234);
    expect(parseItalianNumber(' 3,25 m³ ')).toBe(3.25);
    expect(parseItalianNumber('-7')).toBe(-7);
    expect(parseItalianNumber('abc')).toBeNull();
    expect(parseItalianNumber('')).toBeNull();
  });

  it('unread messages: singular and plural', () => {
    expect(formatUnread(1)).toBe('1 messaggio non letto');
    expect(formatUnread(3)).toBe('3 messaggi non letti');
  });

  it('a badge count stops at 99+', () => {
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});
