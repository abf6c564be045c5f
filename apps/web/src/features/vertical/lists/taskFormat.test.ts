import { describe, expect, it } from 'vitest';
import { formatSeconds, formatTrimmedTotal, formatTimeOfDay } from './taskFormat.ts';

describe('formatSeconds', () => {
  it('shows m:ss below an hour and h:mm:ss from an hour', () => {
    expect(formatSeconds(9)).toBe('0:09');
    expect(formatSeconds(9.6)).toBe('0:10');
    expect(formatSeconds(724)).toBe('12:04');
    expect(formatSeconds(3723)).toBe('1:02:03');
  });
  it('shows -- for a missing or broken value', () => {
    expect(formatSeconds(null)).toBe('--');
    expect(formatSeconds(Number.NaN)).toBe('--');
    expect(formatSeconds(-1)).toBe('--');
  });
});

describe('formatTrimmedTotal', () => {
  it('joins trimmed and total, or shows the total alone', () => {
    expect(formatTrimmedTotal(8, 64)).toBe('0:08/1:04');
    expect(formatTrimmedTotal(null, 64)).toBe('1:04');
  });
});

describe('formatTimeOfDay', () => {
  it('writes hours and minutes in UTC', () => {
    expect(formatTimeOfDay(Date.UTC(2026, 10, 24, 8, 41, 30) / 1000)).toBe('08:41 UTC');
    expect(formatTimeOfDay(null)).toBe('');
  });
});
