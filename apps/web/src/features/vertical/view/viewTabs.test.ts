import { describe, expect, it } from 'vitest';
import { statusOfTab, tabOf, VIEW_TAB_LABELS } from './viewTabs.ts';

describe('Vertical View tabs', () => {
  it('reads 1 as REJECTED and any other value as RESULTS', () => {
    expect(tabOf('1')).toBe(1);
    for (const raw of ['0', '2', 'rejected', '', null, undefined]) expect(tabOf(raw)).toBe(0);
  });

  it('lists ready items on RESULTS and rejected ones on REJECTED', () => {
    expect(statusOfTab(0)).toBe('ready');
    expect(statusOfTab(1)).toBe('rejected');
    expect(VIEW_TAB_LABELS).toEqual({ 0: 'RESULTS', 1: 'REJECTED' });
  });
});
