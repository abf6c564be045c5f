import { describe, expect, it } from 'vitest';
import { cappedSuggestions, initialSelection, suggestionLabel, suggestionLimit } from './suggestions.ts';

describe('suggestionLabel', () => {
  it.each([
    [2, 'Manual Suggestion'],
    [4, 'Timed out Suggestion'],
    [1, 'Algo Suggestion'],
    [0, 'Algo Suggestion'],
    [3, 'Algo Suggestion'],
  ])('source %s', (source, label) => expect(suggestionLabel(source)).toBe(label));
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

  it('caps the list', () => {
    expect(cappedSuggestions([1, 2, 3], 2)).toEqual([1, 2]);
    expect(cappedSuggestions([1], 2)).toEqual([1]);
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
