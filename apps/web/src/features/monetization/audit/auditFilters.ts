// The audit screen's start date and its look-back in days (spec 002 §2.5, §9: 120 days by default, no
// future dates).
import { AUDIT_LOOK_BACK_DAYS } from '@hc/shared/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** The default start date: today minus the 120-day look-back. */
export const defaultStartDate = (now: Date = new Date()): Date =>
  new Date(startOfDay(now).getTime() - AUDIT_LOOK_BACK_DAYS * DAY_MS);

/**
 * The look-back the call sends for a start date: whole calendar days from the start day to today, so the
 * default start date sends exactly the 120 days of spec 002 §9; a start date of today sends 1 (the last
 * 24 hours), as the server counts days back from now.
 */
export function lookBackDays(start: Date, now: Date = new Date()): number {
  const days = Math.round((startOfDay(now).getTime() - startOfDay(start).getTime()) / DAY_MS);
  return Math.max(1, days);
}

/** A start date never lies in the future. */
export const clampStartDate = (d: Date, now: Date = new Date()): Date =>
  d.getTime() > now.getTime() ? startOfDay(now) : d;
