import { describe, expect, it } from 'vitest';
import { applyPublish, hltsViewEmptied, parseHlts, shortUrl, visibleHighlights } from './postOnGoogle.ts';

const res = (id: string, type = 'pog') => ({ id, type, url: `https://x.example/${id}` });
const h = (highlight_id: number, ...resources: ReturnType<typeof res>[]) => ({ highlight_id, resources });

describe('parseHlts', () => {
  it('is null without the parameter (the full list)', () => {
    expect(parseHlts(null)).toBeNull();
  });

  it('reads comma-separated ids in order, skipping blanks, bad values and repeats', () => {
    expect(parseHlts('12, 7,abc,,12,-3,0')).toEqual([12, 7]);
    expect(parseHlts('')).toEqual([]);
  });
});

describe('visibleHighlights', () => {
  const list = [h(1, res('a')), h(2, res('b')), h(3, res('c', 'other')), h(4, res('d'))];

  it('shows every highlight holding resources of the type without hlts', () => {
    expect(visibleHighlights(list, null, 'pog').map((x) => x.highlight_id)).toEqual([1, 2, 4]);
  });

  it('shows only the hlts highlights, in the list order', () => {
    expect(visibleHighlights(list, [4, 1, 99], 'pog').map((x) => x.highlight_id)).toEqual([1, 4]);
    expect(visibleHighlights(list, [3], 'pog')).toEqual([]);
  });
});

describe('applyPublish', () => {
  const list = [h(1, res('a'), res('b')), h(2, res('c'))];

  it('keeps the remaining resources of the highlight', () => {
    const next = applyPublish(list, { highlight_id: 1, resources: [res('b')] }, 'pog');
    expect(next.map((x) => x.resources.map((r) => r.id))).toEqual([['b'], ['c']]);
  });

  it('drops the highlight when none of the type remain', () => {
    expect(applyPublish(list, { highlight_id: 2, resources: [] }, 'pog').map((x) => x.highlight_id)).toEqual([
      1,
    ]);
    expect(
      applyPublish(list, { highlight_id: 2, resources: [res('z', 'other')] }, 'pog').map(
        (x) => x.highlight_id,
      ),
    ).toEqual([1]);
  });

  it('leaves the list alone for a highlight it does not hold', () => {
    expect(applyPublish(list, { highlight_id: 9, resources: [] }, 'pog')).toEqual(list);
  });
});

describe('hltsViewEmptied', () => {
  it('is true only for an empty hlts view', () => {
    expect(hltsViewEmptied([1, 2], 0)).toBe(true);
    expect(hltsViewEmptied([1, 2], 1)).toBe(false);
    expect(hltsViewEmptied(null, 0)).toBe(false);
  });
});

describe('shortUrl', () => {
  it('drops the scheme and keeps host, path and query', () => {
    expect(shortUrl('https://www.planet.example/apv/12/video?x=1')).toBe(
      'www.planet.example/apv/12/video?x=1',
    );
    expect(shortUrl('not a url')).toBe('not a url');
  });
});
