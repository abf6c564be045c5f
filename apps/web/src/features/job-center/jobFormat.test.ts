import { describe, expect, it } from 'vitest';
import { formatDuration, kindLabel, stateLabel } from './jobFormat.ts';

describe('job center wording', () => {
  it('says a duration from start to end, or to now while running', () => {
    const start = '2026-01-01T10:00:00.000Z';
    expect(formatDuration(null, null)).toBe('—');
    expect(formatDuration(start, '2026-01-01T10:00:45.400Z')).toBe('45 s');
    expect(formatDuration(start, '2026-01-01T10:03:05.000Z')).toBe('3 min 5 s');
    expect(formatDuration(start, '2026-01-01T12:04:00.000Z')).toBe('2 h 4 min');
    expect(formatDuration(start, null, Date.parse('2026-01-01T10:00:10.000Z'))).toBe('10 s');
  });

  it('names kinds and states in the catalogue words, an unknown one as it is', () => {
    expect(kindLabel('story-highlights-zip')).toBe('Story archive');
    expect(stateLabel('queued')).toBe('Waiting');
    expect(kindLabel('other')).toBe('other');
  });
});
