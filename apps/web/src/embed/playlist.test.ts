import { describe, expect, it } from 'vitest';
import { embedDataUrl, nextIndex, parseEmbedPackage, sameItems } from './playlist.ts';

const item = (id: number) => ({
  id,
  title: `Clip ${id}`,
  video_url: `https://hc.example/media/${id}.mp4`,
  thumbnail: `https://hc.example/media/${id}.jpg`,
});

describe('showreel playlist', () => {
  it('builds the public data URL from the script origin, the embed id and the account', () => {
    expect(embedDataUrl('https://hc.example', 'Ab3_x-9', '406')).toBe(
      'https://hc.example/embed/v1/packages/Ab3_x-9?account=406',
    );
    expect(embedDataUrl('https://hc.example', 'a/b?c', '4 06')).toBe(
      'https://hc.example/embed/v1/packages/a%2Fb%3Fc?account=4%2006',
    );
  });

  it('plays in order and loops back to the first', () => {
    expect([0, 1, 2, 3, 4].map((i) => nextIndex(i, 5))).toEqual([1, 2, 3, 4, 0]);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(3, 0)).toBe(0);
  });

  it('keeps well-formed highlights in order, at most five', () => {
    const json = { embed_id: 'x', name: 'Top', highlights: [1, 2, 3, 4, 5, 6].map(item) };
    expect(parseEmbedPackage(json)?.map((i) => i.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops malformed entries and non-web URLs; a bad thumbnail only loses the image', () => {
    const json = {
      highlights: [
        item(1),
        { ...item(2), video_url: 'javascript:alert(1)' },
        { ...item(3), id: '3' },
        null,
        { ...item(4), thumbnail: 'data:image/png;base64,AAAA' },
      ],
    };
    expect(parseEmbedPackage(json)).toEqual([item(1), { ...item(4), thumbnail: '' }]);
  });

  it("resolves relative media URLs against the data's own address, not the page's", () => {
    const json = {
      highlights: [
        { id: 1, title: 'One', video_url: '/media/1.mp4', thumbnail: '/media/1.jpg' },
        { id: 2, title: 'Two', video_url: 'javascript:alert(1)', thumbnail: '' },
        { id: 3, title: 'Three', video_url: 'https://cdn.example/3.mp4', thumbnail: 'data:,x' },
      ],
    };
    expect(parseEmbedPackage(json, 'https://hc.example/embed/v1/packages/p1?account=406')).toEqual([
      {
        id: 1,
        title: 'One',
        video_url: 'https://hc.example/media/1.mp4',
        thumbnail: 'https://hc.example/media/1.jpg',
      },
      { id: 3, title: 'Three', video_url: 'https://cdn.example/3.mp4', thumbnail: '' },
    ]);
    // Without a base a relative URL has nothing to resolve against: dropped.
    expect(parseEmbedPackage(json)?.map((i) => i.id)).toEqual([3]);
  });

  it('refuses a body that is not a package', () => {
    expect(parseEmbedPackage(null)).toBeNull();
    expect(parseEmbedPackage('nope')).toBeNull();
    expect(parseEmbedPackage({ success: false, errors: ['Not found'] })).toBeNull();
  });

  it('compares lists by what would play', () => {
    expect(sameItems([item(1), item(2)], [item(1), item(2)])).toBe(true);
    expect(sameItems([item(1), item(2)], [item(2), item(1)])).toBe(false);
    expect(sameItems([item(1)], [{ ...item(1), title: 'Renamed' }])).toBe(false);
    expect(sameItems([item(1)], [item(1), item(2)])).toBe(false);
  });
});
