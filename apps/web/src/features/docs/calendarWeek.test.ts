import { describe, expect, it } from 'vitest';
import {
  daysOfWeek,
  exampleProgramsOn,
  mondayOf,
  sameDay,
  shiftWeeks,
  timeRange,
  weekLabel,
} from './calendarWeek.ts';

describe('the weekly view', () => {
  it('runs Monday to Sunday around any day of the week, Sunday included', () => {
    for (const day of [new Date(2026, 10, 23), new Date(2026, 10, 26, 23, 59), new Date(2026, 10, 29, 12)]) {
      expect(mondayOf(day)).toEqual(new Date(2026, 10, 23));
    }
    const days = daysOfWeek(new Date(2026, 10, 23)).map((d) => d.date.getDate());
    expect(days).toEqual([23, 24, 25, 26, 27, 28, 29]);
  });

  it('crosses months and years when moving by weeks', () => {
    expect(shiftWeeks(new Date(2026, 10, 23), 1)).toEqual(new Date(2026, 10, 30));
    expect(weekLabel(new Date(2026, 10, 23))).toBe('23 – 29 Nov 2026');
    expect(weekLabel(new Date(2026, 10, 30))).toBe('30 Nov – 6 Dec 2026');
    expect(weekLabel(mondayOf(new Date(2026, 0, 1)))).toBe('29 Dec 2025 – 4 Jan 2026');
  });

  it('tells the same calendar day apart from the next', () => {
    expect(sameDay(new Date(2026, 10, 28, 0, 0), new Date(2026, 10, 28, 23, 59))).toBe(true);
    expect(sameDay(new Date(2026, 10, 28, 23, 59), new Date(2026, 10, 29, 0, 0))).toBe(false);
  });

  it('fills weekdays with the news and Wednesday and Saturday with the match', () => {
    expect(exampleProgramsOn(0).map((p) => p.title)).toEqual(['Morning Briefing', 'Evening News']);
    expect(exampleProgramsOn(2).map((p) => p.title)).toEqual([
      'Morning Briefing',
      'Matchday Live',
      'Evening News',
    ]);
    expect(exampleProgramsOn(5).map((p) => p.title)).toEqual(['Matchday Live']);
    expect(timeRange(exampleProgramsOn(5)[0]!)).toBe('18:30 – 20:30');
  });
});
