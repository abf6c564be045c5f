import { describe, expect, it } from 'vitest';
import { matchesFilter } from './publisherFilter.ts';

describe('matchesFilter', () => {
  const planet = { id: 406, name: 'Daily Planet' };
  it('matches the name case-insensitively, anywhere', () => {
    expect(matchesFilter(planet, 'planet')).toBe(true);
    expect(matchesFilter(planet, ' DAILY ')).toBe(true);
    expect(matchesFilter(planet, 'metro')).toBe(false);
  });
  it('matches the id from its start only', () => {
    expect(matchesFilter(planet, '40')).toBe(true);
    expect(matchesFilter(planet, '06')).toBe(false);
  });
  it('keeps every row for a blank filter', () => {
    expect(matchesFilter(planet, '   ')).toBe(true);
  });
});
