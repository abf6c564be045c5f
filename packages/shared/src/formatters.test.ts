import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatNumber,
  formatPercent,
  fromDateForDays,
  secondsToMs,
  toYyyymmdd,
  truncateTitle,
} from './formatters.ts';

describe('formatPercent', () => {
  it.each([
    [0, '--'],
    [null, '--'],
    [undefined, '--'],
    ['', '--'],
    [NaN, '--'],
    [-0.1, 'N/A'],
    [-1, 'N/A'],
    ['abc', 'N/A'],
    [{}, 'N/A'],
    [Infinity, 'N/A'],
    [0.0123, '1.2%'],
    [0.5, '50%'],
    [0.00012, '0.012%'],
    [1, '100%'],
    [0.12345, '12%'],
    [0.0456, '4.6%'],
    ['0.25', '25%'],
  ])('%s → %s', (input, expected) => {
    expect(formatPercent(input)).toBe(expected);
  });
});

describe('formatCount', () => {
  it.each([
    [-1, 'N/A'],
    [null, '--'],
    [undefined, '--'],
    [0, '0'],
    [7, '7'],
    [1234567, '1,234,567'],
    ['1234', '1,234'],
    ['x', 'N/A'],
  ] as const)('%s → %s', (input, expected) => {
    expect(formatCount(input)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [1234567, '1,234,567'],
    [1234.5, '1,234.5'],
    [0, '0'],
    [-2500, '-2,500'],
    [null, '--'],
    [NaN, '--'],
  ])('%s → %s', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });
});

describe('dates', () => {
  it.each([
    [Date.UTC(2025, 0, 5) / 1000, 'Jan 05, 2025'],
    [Date.UTC(2024, 11, 31, 23, 59, 59) / 1000, 'Dec 31, 2024'],
    [0, 'Jan 01, 1970'],
    [null, '--'],
    [NaN, '--'],
  ])('formatDate(%s) → %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('secondsToMs multiplies by 1000', () => {
    expect(secondsToMs(1_700_000_000)).toBe(1_700_000_000_000);
  });

  it.each([
    [new Date(Date.UTC(2025, 0, 5)), '20250105'],
    [new Date(Date.UTC(2025, 11, 31, 23, 30)), '20251231'],
  ])('toYyyymmdd(%s) → %s', (input, expected) => {
    expect(toYyyymmdd(input)).toBe(expected);
  });

  const now = new Date(Date.UTC(2025, 2, 1, 12));
  it.each([
    [1, '20250228'],
    [3, '20250226'],
    [7, '20250222'],
    [31, '20250129'],
    [183, '20240830'],
    [365, '20240301'],
  ])('fromDateForDays(%i) → %s', (days, expected) => {
    expect(fromDateForDays(days, now)).toBe(expected);
  });
});

describe('truncateTitle', () => {
  const t40 = 'x'.repeat(40);
  const t41 = 'y'.repeat(41);
  it.each([
    ['', ''],
    ['short', 'short'],
    [t40, t40],
    [t41, 'y'.repeat(39) + '\u2026'],
  ])('%s', (input, expected) => {
    expect(truncateTitle(input)).toBe(expected);
  });

  it('keeps the result at max characters and honours a custom max', () => {
    expect(Array.from(truncateTitle('a'.repeat(100))).length).toBe(40);
    expect(truncateTitle('abcdef', 4)).toBe('abc\u2026');
  });

  it('does not split a surrogate pair', () => {
    expect(truncateTitle('😀'.repeat(41))).toBe('😀'.repeat(39) + '\u2026');
  });
});
