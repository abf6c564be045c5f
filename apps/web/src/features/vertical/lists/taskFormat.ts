// How the vertical lists and drawer show a task's durations and times.
import { EMPTY_VALUE } from '@hc/shared/formatters';

/** Seconds as m:ss, or h:mm:ss from an hour up ('0:09', '12:04', '1:02:03'); missing → '--'. */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return EMPTY_VALUE;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The drawer's 'trimmed/total' duration; without a trimmed length the total stands alone. */
export function formatTrimmedTotal(trimmed: number | null, total: number): string {
  return trimmed === null ? formatSeconds(total) : `${formatSeconds(trimmed)}/${formatSeconds(total)}`;
}

/** The time of day of a server timestamp (seconds), UTC like the dates: '08:41 UTC'; missing → ''. */
export function formatTimeOfDay(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  return `${new Date(seconds * 1000).toISOString().slice(11, 16)} UTC`;
}
