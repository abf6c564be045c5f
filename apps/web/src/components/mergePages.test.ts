import { describe, expect, it } from 'vitest';
import { mergePages } from './mergePages.ts';

const h = (id: number) => ({ highlight_id: id, title: `t${id}` });

describe('mergePages', () => {
  it('has not ended before any page is loaded', () => {
    expect(mergePages([], 25)).toEqual({ items: [], ended: false });
  });

  it('keeps going while the last page is full', () => {
    const result = mergePages(
      [
        [h(1), h(2)],
        [h(3), h(4)],
      ],
      2,
    );
    expect(result.items.map((i) => i.highlight_id)).toEqual([1, 2, 3, 4]);
    expect(result.ended).toBe(false);
  });

  it('ends when the last page holds fewer items than per', () => {
    expect(mergePages([[h(1), h(2)], [h(3)]], 2).ended).toBe(true);
    expect(mergePages([[h(1), h(2)], []], 2).ended).toBe(true);
  });

  it('decides the end on the raw page size, before duplicates are removed', () => {
    // The second page is full although both of its items are duplicates: more may follow.
    const result = mergePages(
      [
        [h(1), h(2)],
        [h(2), h(1)],
      ],
      2,
    );
    expect(result.items.map((i) => i.highlight_id)).toEqual([1, 2]);
    expect(result.ended).toBe(false);
  });

  it('removes duplicates by highlight_id, keeping the first occurrence in page order', () => {
    const first = { highlight_id: 7, title: 'first' };
    const again = { highlight_id: 7, title: 'again' };
    const result = mergePages(
      [
        [h(5), first],
        [again, h(8), h(9)],
      ],
      3,
    );
    expect(result.items).toEqual([h(5), first, h(8), h(9)]);
  });
});
