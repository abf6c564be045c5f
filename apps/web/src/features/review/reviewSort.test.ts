import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SORT, parseReviewSort, serializeReviewSort } from './reviewSort.ts';

describe('parseReviewSort', () => {
  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['an unknown column', '{"column":"clicks","order":"asc"}'],
    ['an unknown order', '{"column":"title","order":"up"}'],
  ])('%s → created_at desc', (_name, raw) => {
    expect(parseReviewSort(raw)).toEqual(DEFAULT_REVIEW_SORT);
  });

  it('reads back what was stored', () => {
    const sort = { column: 'publisher_name', order: 'asc' } as const;
    expect(parseReviewSort(serializeReviewSort(sort))).toEqual(sort);
  });
});
