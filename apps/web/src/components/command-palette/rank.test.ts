import { describe, expect, it } from 'vitest';
import { screenScore } from './rank.ts';

describe('screen ranking', () => {
  it('ranks exact, then prefix, then word prefixes, then any part; else no match', () => {
    expect(screenScore('Jobs', 'jobs')).toBe(3);
    expect(screenScore('Audit Logs', 'aud')).toBe(2);
    expect(screenScore('Auto Highlight Review', 'high rev')).toBe(1.5);
    expect(screenScore('Syndication', 'dica')).toBe(1);
    expect(screenScore('Syndication', 'zzz')).toBe(0);
    expect(screenScore('Syndication', '  ')).toBe(0);
  });
});
