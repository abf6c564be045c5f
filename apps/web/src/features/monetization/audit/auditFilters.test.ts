import { describe, expect, it } from 'vitest';
import { clampStartDate, defaultStartDate, lookBackDays } from './auditFilters.ts';

const now = new Date(2026, 10, 24, 9, 30);

describe('audit start date', () => {
  it('defaults to 120 days back and sends exactly the 120-day look-back', () => {
    const start = defaultStartDate(now);
    expect(start).toEqual(new Date(2026, 6, 27));
    expect(lookBackDays(start, now)).toBe(120);
    expect(lookBackDays(start, new Date(2026, 10, 24, 23, 59))).toBe(120);
  });

  it('counts whole calendar days, and a start date of today sends one day', () => {
    expect(lookBackDays(new Date(2026, 10, 23, 22), now)).toBe(1);
    expect(lookBackDays(new Date(2026, 10, 22), now)).toBe(2);
    expect(lookBackDays(new Date(2026, 10, 24, 18), now)).toBe(1);
  });

  it('never lies in the future', () => {
    expect(clampStartDate(new Date(2026, 10, 30), now)).toEqual(new Date(2026, 10, 24));
    expect(clampStartDate(new Date(2026, 10, 1), now)).toEqual(new Date(2026, 10, 1));
  });
});
