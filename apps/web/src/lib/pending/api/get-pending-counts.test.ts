import { describe, expect, it } from 'vitest';
import { lowerPendingCount, normalizePendingCounts } from './get-pending-counts.ts';

describe('normalizePendingCounts', () => {
  it('keeps numbers and reads anything else as 0', () => {
    expect(
      normalizePendingCounts({ autoHighlightReview: 3, verticalHighlight: '2', verticalFullContent: -1 }),
    ).toEqual({ autoHighlightReview: 3, verticalHighlight: 0, verticalFullContent: 0, tasksTotal: 0 });
    expect(normalizePendingCounts(null).tasksTotal).toBe(0);
  });
});

describe('lowerPendingCount', () => {
  const counts = { autoHighlightReview: 3, verticalHighlight: 2, verticalFullContent: 1, tasksTotal: 6 };
  it('drops one from the item and the total', () => {
    expect(lowerPendingCount(counts, 'autoHighlightReview')).toEqual({
      ...counts,
      autoHighlightReview: 2,
      tasksTotal: 5,
    });
  });
  it('takes the server remaining count when given', () => {
    expect(lowerPendingCount(counts, 'autoHighlightReview', 0)).toEqual({
      ...counts,
      autoHighlightReview: 0,
      tasksTotal: 3,
    });
  });
  it('never goes below zero', () => {
    const none = { ...counts, autoHighlightReview: 0, tasksTotal: 0 };
    expect(lowerPendingCount(none, 'autoHighlightReview')).toEqual(none);
  });
});
