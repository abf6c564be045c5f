import { describe, expect, it } from 'vitest';
import { clampStartDate, defaultStartDate, lookBackDays } from './auditFilters.ts';

const now = new Date(2026, 10, 24, 9, 30);

describe('audit start date', () => {
  it('defaults to 120 days back and maps back to a 120-day look-back', () => {
    const start = defaultStartDate(now);
    expect(start).toEqual(new Date(2026, 6, 27));
    expect(lookBackDays(start, now)).toBe(121); // the whole start day is included
  });

  it('a start date of today covers today', () => {
    expect(lookBackDays(new Date(2026, 10, 24, 18), now)).toBe(1);
  });

  it('never lies in the future', () => {
    expect(clampStartDate(new Date(2026, 10, 30), now)).toEqual(new Date(2026, 10, 24));
    expect(clampStartDate(new Date(2026, 10, 1), now)).toEqual(new Date(2026, 10, 1));
  });
});
