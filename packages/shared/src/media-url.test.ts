// Media URLs: every path segment percent-encoded, whichever way the URL is built.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mediaUrl, videoUrlOfPath } from './media-url.ts';

/** The definition: each segment through encodeURIComponent. */
const encodedEachSegment = (path: string) => '/media/' + path.split('/').map(encodeURIComponent).join('/');

describe('mediaUrl', () => {
  it('leaves plain paths as they are and encodes the rest segment by segment', () => {
    expect(mediaUrl('demo/clip-01.mp4')).toBe('/media/demo/clip-01.mp4');
    expect(mediaUrl("uploads/406/a_b.c~(1)!'*.jpg")).toBe("/media/uploads/406/a_b.c~(1)!'*.jpg");
    expect(mediaUrl('demo/clip 01.mp4')).toBe('/media/demo/clip%2001.mp4');
    expect(mediaUrl('a/b?c#d/é.mp4')).toBe('/media/a/b%3Fc%23d/%C3%A9.mp4');
    expect(videoUrlOfPath('demo/clip 01.mp4')).toBe('/media/demo/clip%2001');
  });

  it('is the segment-by-segment encoding for any path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (path) => mediaUrl(path) === encodedEachSegment(path)),
      {
        numRuns: 2_000,
      },
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9\-_.!~*'()/ %?#&=+]*$/),
        (path) => mediaUrl(path) === encodedEachSegment(path),
      ),
      { numRuns: 2_000 },
    );
  });
});
