// Display formatters shared by the browser and the server (percent display and dates as the spec shows them).
// All dates are UTC so every reviewer sees the same day whatever their time zone.
import { REVIEW_TITLE_MAX } from './constants.ts';

/** Shown for a value the server did not send (falsy). */
export const EMPTY_VALUE = '--';
/** Shown for a value that is present but meaningless (negative, -1 sentinel, not a number). */
export const NOT_AVAILABLE = 'N/A';

const groupedInteger = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
const twoSignificant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

const toNumber = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

/**
 * CTR as a percent with 2 significant digits. The server sends CTR as a fraction 0..1, so it is
 * multiplied by 100 here (0.0123 → '1.2%', 0.5 → '50%'). Falsy (0, null, undefined, '', NaN) → '--';
 * negative or non-numeric → 'N/A'.
 */
export function formatPercent(v: unknown): string {
  // NaN is falsy too, so it lands here: the spec's "falsy shows '--'" is checked before "non-numeric".
  if (!v) return EMPTY_VALUE;
  const n = toNumber(v);
  if (!Number.isFinite(n) || n < 0) return NOT_AVAILABLE;
  return `${twoSignificant.format(n * 100)}%`;
}

/** A count with thousands separators; -1 (the server's "unknown") → 'N/A', null/undefined → '--'. */
export function formatCount(n: number | string | null | undefined): string {
  if (n === null || n === undefined || n === '') return EMPTY_VALUE;
  const v = toNumber(n);
  if (v === -1 || !Number.isFinite(v)) return NOT_AVAILABLE;
  return groupedInteger.format(v);
}

/** Any number with en-US thousands separators ('1,234,567.5'); missing or non-finite → '--'. */
export function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return EMPTY_VALUE;
  return grouped.format(n);
}

/** Server timestamps are seconds; the browser's Date wants milliseconds. */
export const secondsToMs = (s: number): number => s * 1000;

/** A date as the server's timestamps send it: whole seconds since the epoch. */
export const dateToSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A server timestamp (seconds) as 'mmm dd, yyyy' in UTC, e.g. 'Jan 05, 2025'; missing/invalid → '--'. */
export function formatDate(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return EMPTY_VALUE;
  const d = new Date(secondsToMs(seconds));
  if (Number.isNaN(d.getTime())) return EMPTY_VALUE;
  return `${MONTHS[d.getUTCMonth()]} ${pad2(d.getUTCDate())}, ${d.getUTCFullYear()}`;
}

/** A date as yyyymmdd in UTC, the format of the from_date query parameter. */
export function toYyyymmdd(date: Date): string {
  return `${date.getUTCFullYear()}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The from_date (yyyymmdd, UTC) for a date filter of `days` days back from `now`. */
export function fromDateForDays(days: number, now: Date = new Date()): string {
  return toYyyymmdd(new Date(now.getTime() - days * DAY_MS));
}

/** The ellipsis appended to shortened titles. */
export const ELLIPSIS = '\u2026';

/**
 * Shortens a title longer than `max` characters to its first `max - 1` characters plus '…'
 * ("over 40 characters show as the first 39 characters plus an ellipsis").
 * Decision: the single ellipsis character U+2026, not three dots, so the result is exactly `max`
 * characters long. Characters are counted as code points so an emoji is never cut in half.
 */
export function truncateTitle(title: string, max: number = REVIEW_TITLE_MAX): string {
  const chars = Array.from(title);
  return chars.length > max ? chars.slice(0, max - 1).join('') + ELLIPSIS : title;
}
