import { describe, expect, it } from 'vitest';
import { addDays, italianDate, todayInRome } from './dates.js';

describe('business dates in Rome', () => {
  it('takes the calendar day in Rome, whatever the machine zone', () => {
    // 23:30 UTC on 7 January is already 8 January in Rome (UTC+1); in New York it is still the 7th.
    expect(todayInRome(new Date('2027-01-07T23:30:00Z'))).toBe('2027-01-08');
    expect(todayInRome(new Date('2027-01-07T22:59:59Z'))).toBe('2027-01-07');
    // Summer time: UTC+2.
    expect(todayInRome(new Date('2027-07-07T21:59:59Z'))).toBe('2027-07-07');
    expect(todayInRome(new Date('2027-07-07T22:00:00Z'))).toBe('2027-07-08');
  });

  it("turns the day at midnight in Rome, though it keeps the last minute's answer", () => {
    expect(todayInRome(new Date('2027-01-07T22:59:00.000Z'))).toBe('2027-01-07');
    expect(todayInRome(new Date('2027-01-07T22:59:59.999Z'))).toBe('2027-01-07');
    expect(todayInRome(new Date('2027-01-07T23:00:00.000Z'))).toBe('2027-01-08');
    expect(todayInRome(new Date('2027-01-07T22:59:30.000Z'))).toBe('2027-01-07');
  });

  it('adds calendar days across months and the DST change', () => {
    expect(addDays('2027-03-26', 7)).toBe('2027-04-02');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
  });

  it('writes dates the Italian way', () => {
    expect(italianDate('2027-01-07')).toBe('07/01/2027');
  });
});
