import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  calendarRange,
  formatCalendarDate,
  isTimeZone,
  nextCalendarDate,
  parseCalendarDate,
  startOfDayIn,
  type CalendarDate,
} from './calendar-dates.ts';

const date = (text: string) => parseCalendarDate(text)!;

describe('calendar dates', () => {
  it('reads YYYY-MM-DD days that exist, within 2000-2099', () => {
    expect(parseCalendarDate('2026-11-28')).toEqual({ year: 2026, month: 11, day: 28 });
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '20261128',
      '1999-12-31',
      '2100-01-01',
      '',
    ])
      expect(parseCalendarDate(bad), bad).toBeNull();
  });

  it('knows IANA zones and refuses anything else', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Europe/Berlin; drop table', 'x'.repeat(65), '../etc'])
      expect(isTimeZone(zone), zone).toBe(false);
  });

  it('starts a day at midnight on the zone wall clock, summer time included', () => {
    expect(startOfDayIn('UTC', date('2026-11-28')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(startOfDayIn('America/New_York', date('2026-11-28')).toISOString()).toBe(
      '2026-11-28T05:00:00.000Z',
    );
    expect(startOfDayIn('America/New_York', date('2026-07-01')).toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    // The day summer time starts (at 02:00) still starts at 00:00 of the winter offset.
    expect(startOfDayIn('America/New_York', date('2026-03-08')).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDayIn('Asia/Kolkata', date('2026-11-28')).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(startOfDayIn('Pacific/Kiritimati', date('2026-01-01')).toISOString()).toBe(
      '2025-12-31T10:00:00.000Z',
    );
  });

  it('ends a range at the start of the day after its end date; without one the range stays open', () => {
    expect(calendarRange('Europe/Berlin', date('2026-12-31'), date('2026-12-31'))).toEqual({
      since: new Date('2026-12-30T23:00:00Z'),
      until: new Date('2026-12-31T23:00:00Z'),
    });
    expect(calendarRange('UTC', date('2026-11-01')).until).toBeNull();
    expect(formatCalendarDate(nextCalendarDate(date('2024-02-28')))).toBe('2024-02-29');
    expect(formatCalendarDate(nextCalendarDate(date('2026-12-31')))).toBe('2027-01-01');
  });

  it('gives, in every zone, an instant on the day whose previous second is on the day before', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    const days = fc
      .date({
        min: new Date('2000-01-02T00:00:00Z'),
        max: new Date('2099-12-30T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d): CalendarDate => ({
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
      }));
    fc.assert(
      fc.property(fc.constantFrom(...zones), days, (zone, day) => {
        const start = startOfDayIn(zone, day);
        expect(calendarDateIn(zone, start), `${zone} ${formatCalendarDate(day)}`).toEqual(day);
        const before = calendarDateIn(zone, new Date(start.getTime() - 1000));
        expect(formatCalendarDate(nextCalendarDate(before)), `${zone} ${formatCalendarDate(day)}`).toBe(
          formatCalendarDate(day),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
