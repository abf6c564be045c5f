import { describe, expect, it } from 'vitest';
import { clampStartDate, defaultStartDate, formatEntryTime, startDateParams } from './auditFilters.ts';

const now = new Date(2026, 10, 24, 9, 30);

describe('audit start date', () => {
  it('defaults to 120 calendar days back', () => {
    expect(defaultStartDate(now)).toEqual(new Date(2026, 6, 27));
    expect(defaultStartDate(new Date(2026, 10, 24, 23, 59))).toEqual(new Date(2026, 6, 27));
  });

  it('is sent as the picked calendar day with the time zone it was picked in', () => {
    expect(startDateParams(new Date(2026, 10, 24), 'Europe/Berlin')).toEqual({
      start_date: '2026-11-24',
      time_zone: 'Europe/Berlin',
    });
    // Today and yesterday are different days (days back sent 1 for both).
    expect(startDateParams(new Date(2026, 10, 23, 22), 'UTC').start_date).toBe('2026-11-23');
    expect(startDateParams(new Date(2026, 0, 5)).time_zone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('never lies in the future', () => {
    expect(clampStartDate(new Date(2026, 10, 30), now)).toEqual(new Date(2026, 10, 24));
    expect(clampStartDate(new Date(2026, 10, 1), now)).toEqual(new Date(2026, 10, 1));
  });

  it('shows entry times on the wall clock', () => {
    expect(formatEntryTime(new Date(2026, 10, 20, 4, 53).toISOString())).toBe('Nov 20, 2026 04:53');
    expect(formatEntryTime('not a date')).toBe('--');
  });
});
