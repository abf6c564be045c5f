import { describe, expect, it } from 'vitest';
import { cappedSuggestions, initialSelection, suggestionLabel, suggestionLimit } from './suggestions.ts';

describe('suggestionLabel', () => {
  it.each([
    [2, 'Manual Suggestion'],
    [4, 'Timed out Suggestion'],
    [1, 'Algo Suggestion'],
    [0, 'Algo Suggestion'],
    [3, 'Algo Suggestion'],
  ])('source %s', (source, label) => expect(suggestionLabel({ source, origin: 'pipeline' })).toBe(label));

  it("names the console's own reframing whatever its source code", () =>
    expect(suggestionLabel({ source: 1, origin: 'console' })).toBe('Console Suggestion'));
});

describe('suggestionLimit', () => {
  it.each([
    ['3', 3],
    [5, 5],
    [undefined, 2],
    [null, 2],
    ['0', 2],
    ['-1', 2],
    ['2.5', 2],
    ['many', 2],
  ])('%s', (setting, limit) => expect(suggestionLimit(setting)).toBe(limit));

  const list = (active: number | null, n = 3) =>
    Array.from({ length: n }, (_, i) => ({ id: i + 1, active: i + 1 === active }));
  const ids = (items: { id: number }[]) => items.map((s) => s.id);

  it('caps the list, newest first as sent', () => {
    expect(ids(cappedSuggestions(list(1), 2))).toEqual([1, 2]);
    expect(ids(cappedSuggestions(list(null), 2))).toEqual([1, 2]);
    expect(ids(cappedSuggestions(list(null, 1), 2))).toEqual([1]);
    expect(ids(cappedSuggestions(list(3), 3))).toEqual([1, 2, 3]);
  });

  it('never hides the active suggestion: it takes the last place', () => {
    expect(ids(cappedSuggestions(list(3), 2))).toEqual([1, 3]);
    expect(ids(cappedSuggestions(list(3), 1))).toEqual([3]);
    expect(ids(cappedSuggestions(list(5, 6), 3))).toEqual([1, 2, 5]);
  });

  it('shows nothing for a limit of 0', () => {
    expect(cappedSuggestions(list(3), 0)).toEqual([]);
  });
});

describe('initialSelection', () => {
  it('picks the active suggestion, else the first', () => {
    expect(
      initialSelection([
        { active: false, id: 1 },
        { active: true, id: 2 },
      ])?.id,
    ).toBe(2);
    expect(initialSelection([{ active: false, id: 1 }])?.id).toBe(1);
    expect(initialSelection([])).toBeUndefined();
  });
});
