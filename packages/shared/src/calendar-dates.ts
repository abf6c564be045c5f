// Calendar dates as users pick them: a day means that day on the user's wall clock, from its first
// instant to the first instant of the next day, in the user's time zone. A filter sent as "days back from
// now" cannot say that (an entry at 04:53 on the chosen day falls out, and today and yesterday are the same
// one day back), so the browser sends the dates and its zone, and the server turns them into instants here.
import { z } from 'zod';
import { messages } from './messages.ts';

/** The range a calendar date may take: enough for any audit history, small enough to stay a real date. */
export const CALENDAR_DATE_MIN = '2000-01-01';
export const CALENDAR_DATE_MAX = '2099-12-31';
/** IANA names are short ('America/Argentina/ComodRivadavia' is among the longest). */
const TIME_ZONE_MAX_LENGTH = 64;

/** A calendar day: year, month 1-12, day 1-31. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as a day that exists (no 2026-02-30) within the accepted range, else null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = DATE_PATTERN.exec(text);
  if (!match || text < CALENDAR_DATE_MIN || text > CALENDAR_DATE_MAX) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A calendar date written 'YYYY-MM-DD'. */
export const formatCalendarDate = ({ year, month, day }: CalendarDate): string =>
  `${year}-${pad2(month)}-${pad2(day)}`;

/** The day after (month and year ends included). */
export function nextCalendarDate({ year, month, day }: CalendarDate): CalendarDate {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A formatter giving wall-clock parts in `zone`; throws a RangeError for a zone the runtime does not know. */
function wallClock(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Zones come from callers: keep the cache from growing without bound.
    if (formatters.size > 500) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA time zone name this runtime knows ('UTC' included). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone))
    return false;
  try {
    wallClock(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time in `zone` at `instant`, as if that wall clock were UTC (milliseconds). */
function wallClockMs(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The calendar date on the wall clock of `zone` at `instant`. */
export function calendarDateIn(zone: string, instant: Date): CalendarDate {
  const wall = new Date(wallClockMs(zone, instant.getTime()));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

const sameDay = (a: CalendarDate, b: CalendarDate) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * The first instant of `date` in `zone`. The zone's offset at midnight is found from the offset near it
 * (tried before and after, so a change of offset that night is honoured); where the clocks skip midnight
 * (a few zones start summer time at 00:00) the day starts at the jump, the first instant it shows.
 */
export function startOfDayIn(zone: string, date: CalendarDate): Date {
  const midnightAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  const offsetAt = (instant: number) => wallClockMs(zone, instant) - Math.floor(instant / 1000) * 1000;
  const first = midnightAsUtc - offsetAt(midnightAsUtc);
  const candidates = [first, midnightAsUtc - offsetAt(first)].sort((a, b) => a - b);
  const onTheDay = candidates.find((c) => sameDay(calendarDateIn(zone, new Date(c)), date));
  return new Date(onTheDay ?? candidates[1]!);
}

/** The instants a calendar-date filter covers: from `since` (included) to `until` (excluded, or open). */
export interface InstantRange {
  since: Date;
  until: Date | null;
}

/**
 * From the start of `start` to the end of `end` (the start of the day after it) in `zone`; without an
 * end date the range stays open, so entries made after the page was loaded still show.
 */
export function calendarRange(zone: string, start: CalendarDate, end?: CalendarDate): InstantRange {
  return {
    since: startOfDayIn(zone, start),
    until: end ? startOfDayIn(zone, nextCalendarDate(end)) : null,
  };
}

/** A query parameter holding a calendar date 'YYYY-MM-DD'; parsed to its parts. */
export const calendarDateSchema = z
  .string()
  .max(10, messages.calendarDateInvalid)
  .transform((text, ctx) => {
    const date = parseCalendarDate(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: messages.calendarDateInvalid });
      return z.NEVER;
    }
    return date;
  });

/** A query parameter holding an IANA time zone name. */
export const timeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX_LENGTH, messages.timeZoneInvalid)
  .refine(isTimeZone, messages.timeZoneInvalid);

/** The browser's own time zone (what the audit screen sends). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
