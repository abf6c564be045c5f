import { describe, expect, it } from 'vitest';
import { auditChangeRows, diffConfigs, formatAuditValue } from './audit-changes.ts';

describe('audit change rows', () => {
  it('a created record lists its values as added', () => {
    expect(auditChangeRows({ content: [null, { midrollTime: 3, vastRetry: 2 }] })).toEqual([
      { field: 'midrollTime', kind: 'added', before: null, after: 3 },
      { field: 'vastRetry', kind: 'added', before: null, after: 2 },
    ]);
  });

  it('field_value is named by the entry field name; other pairs by their key', () => {
    expect(auditChangeRows({ field_value: [5, 3] }, 'midrollTime')).toEqual([
      { field: 'midrollTime', kind: 'updated', before: 5, after: 3 },
    ]);
    expect(auditChangeRows({ skipTimer: [4, null], adSequence: [null, '2'] })).toEqual([
      { field: 'skipTimer', kind: 'deleted', before: 4, after: null },
      { field: 'adSequence', kind: 'added', before: null, after: '2' },
    ]);
  });

  it('diffs two records field by field, sizes by value', () => {
    const before = { midrollTime: 3, supportedSizes: [[300, 250]], skipTimer: 5 };
    const after = { midrollTime: 4, supportedSizes: [[300, 250]], adDelayDuration: 2 };
    expect(diffConfigs(before, after)).toEqual({
      midrollTime: [3, 4],
      skipTimer: [5, null],
      adDelayDuration: [null, 2],
    });
    expect(diffConfigs(after, after)).toEqual({});
  });

  it('prints sizes as WxH and absent values as empty', () => {
    expect(
      formatAuditValue([
        [300, 250],
        [320, 50],
      ]),
    ).toBe('300x250, 320x50');
    expect(formatAuditValue(null)).toBe('');
    expect(formatAuditValue(true)).toBe('true');
  });
});
