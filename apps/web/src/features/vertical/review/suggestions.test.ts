import { describe, expect, it } from 'vitest';
import { cappedSuggestions, initialSelection, suggestionLabel, suggestionLimit } from './suggestions.ts';
import { verticalShortcutFor } from './verticalShortcuts.ts';

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

describe('verticalShortcutFor', () => {
  const key = (
    code: string,
    mods: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>>,
  ) => ({
    code,
    altKey: false,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  });
  it('maps Alt+R, Alt+D and Alt+M', () => {
    expect(verticalShortcutFor(key('KeyR', { altKey: true }))).toBe('reject');
    expect(verticalShortcutFor(key('KeyD', { altKey: true }))).toBe('approve');
    expect(verticalShortcutFor(key('KeyM', { altKey: true }))).toBe('modify');
  });
  it('ignores other keys and other modifiers', () => {
    expect(verticalShortcutFor(key('KeyR', {}))).toBeNull();
    expect(verticalShortcutFor(key('KeyQ', { altKey: true }))).toBeNull();
    expect(verticalShortcutFor(key('KeyR', { altKey: true, shiftKey: true }))).toBeNull();
    expect(verticalShortcutFor(key('KeyD', { altKey: true, ctrlKey: true }))).toBeNull();
  });
});
