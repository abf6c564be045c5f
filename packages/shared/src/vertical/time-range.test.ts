import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { editAction, selectedTimeError } from './time-range.ts';

describe('selectedTimeError', () => {
  it.each([
    [10, 14.9, messages.selectedTimeTooShort],
    [10, 15, null],
    [0, 12, null],
    [3.5, 15.6, messages.selectedTimeTooLong],
    [20, 10, messages.selectedTimeTooShort],
  ])('%s s to %s s', (start, end, expected) => expect(selectedTimeError({ start, end })).toBe(expected));

  it('uses the catalogue wording', () => {
    expect(selectedTimeError({ start: 0, end: 4 })).toBe('Selected time is shorter than 5 seconds');
    expect(selectedTimeError({ start: 0, end: 13 })).toBe('Selected time is longer than 12 seconds');
  });
});

describe('editAction', () => {
  const original = { start: 10, end: 20 };
  it.each([
    [{ start: 12, end: 18 }, 'modify'],
    [{ start: 5, end: 11 }, 'modify'],
    [{ start: 19.5, end: 30 }, 'modify'],
    [{ start: 0, end: 30 }, 'modify'],
    [{ start: 20, end: 30 }, 'manual'],
    [{ start: 0, end: 10 }, 'manual'],
    [{ start: 25, end: 35 }, 'manual'],
  ] as const)('%o is sent as %s', (chosen, action) => expect(editAction(original, chosen)).toBe(action));
});
