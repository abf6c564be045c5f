// The audit screen's start date (120 days back by default, no future dates). The date
// is a day on the user's wall clock: it is sent as that calendar date with the browser's time zone, so
// the list starts at the first instant of the day there, not at "so many days before now".
import { browserTimeZone, formatCalendarDate } from '@hc/shared/calendar-dates';
import { AUDIT_LOOK_BACK_DAYS } from '@hc/shared/constants';

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** The default start date: today minus the 120-day look-back (calendar days, so summer time is no matter). */
export const defaultStartDate = (now: Date = new Date()): Date =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - AUDIT_LOOK_BACK_DAYS);

/** What the call sends for a start date: the picked day as YYYY-MM-DD and the zone it was picked in. */
export function startDateParams(
  start: Date,
  timeZone: string = browserTimeZone(),
): { start_date: string; time_zone: string } {
  return {
    start_date: formatCalendarDate({
      year: start.getFullYear(),
      month: start.getMonth() + 1,
      day: start.getDate(),
    }),
    time_zone: timeZone,
  };
}

/** A start date never lies in the future. */
export const clampStartDate = (d: Date, now: Date = new Date()): Date =>
  d.getTime() > now.getTime() ? startOfDay(now) : d;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An entry's time on the user's wall clock ('Nov 20, 2026 04:53'), the clock the start date is picked
 * on: an entry listed from a day shows that day, not the UTC one.
 */
export function formatEntryTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  return `${MONTHS[d.getMonth()]} ${pad2(d.getDate())}, ${d.getFullYear()} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}
