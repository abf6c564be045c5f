// The selected time of a highlight in the edit modal (the spec's task lifecycle, rules and limits):
// 5 to 12 seconds, and whether the edit is sent as 'manual' or 'modify'.
import { validateSelectedTime } from '../validation.ts';

/** A time range of the source video, seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/**
 * 'Selected time is shorter than 5 seconds' / 'Selected time is longer than 12 seconds', or null when
 * the range may be saved and generated.
 */
export function selectedTimeError(range: TimeRange): string | null {
  return validateSelectedTime(range.end - range.start);
}

/** Whether two ranges share some time; ranges that only touch (one ends where the other starts) do not. */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The action an edit is sent as: 'manual' once the chosen range no longer overlaps the original one. */
export function editAction(original: TimeRange, chosen: TimeRange): 'manual' | 'modify' {
  return rangesOverlap(original, chosen) ? 'modify' : 'manual';
}
