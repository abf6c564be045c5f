// The week shown by the calendar embed's weekly view: Monday to Sunday around a day, and the example
// schedule the documentation fills it with (a publisher's recurring live programs).

export interface CalendarDay {
  /** Midnight (local time) of the day. */
  date: Date;
  /** Monday is 0, Sunday 6. */
  weekday: number;
}

export interface ExampleProgram {
  /** Minutes after midnight. */
  start: number;
  minutes: number;
  title: string;
  channel: string;
}

/** Midnight of the Monday of the week holding `day`, in the browser's time zone. */
export function mondayOf(day: Date): Date {
  const midnight = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  const weekday = (midnight.getDay() + 6) % 7;
  return new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() - weekday);
}

/** The seven days from a Monday (built from calendar fields, so a clock change inside the week is harmless). */
export function daysOfWeek(monday: Date): CalendarDay[] {
  return Array.from({ length: 7 }, (_, weekday) => ({
    date: new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + weekday),
    weekday,
  }));
}

/** The Monday `weeks` weeks away from `monday`. */
export const shiftWeeks = (monday: Date, weeks: number): Date =>
  new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + weeks * 7);

/** Whether two dates fall on the same calendar day. */
export const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "24 – 30 Nov 2026", "30 Nov – 6 Dec 2026", "29 Dec 2025 – 4 Jan 2026". */
export function weekLabel(monday: Date, locale = 'en-GB'): string {
  const sunday = daysOfWeek(monday)[6]!.date;
  const full = (d: Date) => d.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  if (monday.getFullYear() !== sunday.getFullYear()) return `${full(monday)} – ${full(sunday)}`;
  const first =
    monday.getMonth() === sunday.getMonth()
      ? String(monday.getDate())
      : monday.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  return `${first} – ${full(sunday)}`;
}

/** The example schedule: weekday news, a Wednesday and Saturday match, a Sunday magazine. */
export function exampleProgramsOn(weekday: number): ExampleProgram[] {
  const programs: ExampleProgram[] = [];
  if (weekday < 5)
    programs.push({ start: 7 * 60, minutes: 60, title: 'Morning Briefing', channel: 'News 24' });
  if (weekday === 2 || weekday === 5)
    programs.push({ start: 18 * 60 + 30, minutes: 120, title: 'Matchday Live', channel: 'Sports One' });
  if (weekday < 5) programs.push({ start: 20 * 60, minutes: 30, title: 'Evening News', channel: 'News 24' });
  if (weekday === 6)
    programs.push({ start: 11 * 60, minutes: 90, title: 'Sunday Magazine', channel: 'Metro TV' });
  return programs;
}

/** "07:00 – 08:00". */
export function timeRange(program: ExampleProgram): string {
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${clock(program.start)} – ${clock(program.start + program.minutes)}`;
}
