import { describe, expect, it } from 'vitest';
import { countLabel } from './ListHeader.tsx';

describe('the count in a list head', () => {
  it('says one in the singular and others in the plural, with grouped figures', () => {
    expect(countLabel(1, 'package', 'packages')).toBe('1 package');
    expect(countLabel(0, 'package', 'packages')).toBe('0 packages');
    expect(countLabel(12345, 'change', 'changes')).toBe('12,345 changes');
  });

  it('reads 1000+ where the server stopped counting, as the search-limit message words it', () => {
    expect(countLabel(1001, 'story', 'stories', true)).toBe('1000+ stories');
  });
});
