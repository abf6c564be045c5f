import { describe, expect, it } from 'vitest';
import { withoutArticle } from './submit-feedback.ts';
import { limitedHighlights } from './get-auto-highlights.ts';
import type { Highlight } from '@hc/shared/api/highlights';

const article = (id: number) => ({
  id,
  publisher_id: 406,
  publisher_name: 'Daily Planet',
  title: `Article ${id}`,
  created_at: 1_700_000_000,
  featured: false,
  raw_url: `https://example.com/${id}`,
  highlight_id: null,
  locked_by: null,
  lock_expires_at: null,
});

describe('withoutArticle', () => {
  it('drops the article from the page and one from the count', () => {
    expect(withoutArticle({ articles: [article(1), article(2)], count: 12 }, 1)).toEqual({
      articles: [article(2)],
      count: 11,
    });
  });
  it('lowers the count of another page too', () => {
    expect(withoutArticle({ articles: [article(2)], count: 12 }, 1)).toEqual({
      articles: [article(2)],
      count: 11,
    });
  });
  it('never below zero', () => {
    expect(withoutArticle({ articles: [], count: 0 }, 1).count).toBe(0);
  });
});

describe('limitedHighlights', () => {
  const hs = [1, 2, 3, 4].map((id) => ({ highlight_id: id }) as Highlight);
  it.each([
    [2, [1, 2]],
    [3, [1, 2, 3]],
    [10, [1, 2, 3, 4]],
    [0, [1, 2]],
    [Number.NaN, [1, 2]],
  ])('limit %s', (limit, ids) => {
    expect(limitedHighlights({ article_id: 1, highlights: hs, limit }).map((h) => h.highlight_id)).toEqual(
      ids,
    );
  });
});
