import { describe, expect, it } from 'vitest';
import { formatHistoryValue } from './history-value';

describe('a history value as a person reads it', () => {
  it('an ISO date is dd/MM/yy, a date and time dd/MM/yy HH:mm', () => {
    expect(formatHistoryValue('2026-11-29')).toBe('29/11/26');
    expect(formatHistoryValue('2026-11-29T10:15:00')).toBe('29/11/26 10:15');
    expect(formatHistoryValue('Piazzale nord')).toBe('Piazzale nord');
    expect(formatHistoryValue(36.38)).toBe('36,38');
  });
});
