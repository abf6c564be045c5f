import { describe, expect, it } from 'vitest';
import { resolveTitleEdit } from './InlineEditableTitle.tsx';

describe('resolveTitleEdit', () => {
  it('submits the trimmed value', () => {
    expect(resolveTitleEdit('  Goal of the season ')).toBe('Goal of the season');
  });

  it('submits nothing for empty or blank text', () => {
    expect(resolveTitleEdit('')).toBeNull();
    expect(resolveTitleEdit(' \t ')).toBeNull();
  });
});
