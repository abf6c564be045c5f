import { describe, expect, it } from 'vitest';
import { nextSafeArea, SAFE_AREAS, zoneRect } from './safeAreas.ts';

describe('safe areas', () => {
  it('keeps every zone inside the 9:16 frame', () => {
    for (const { zones } of Object.values(SAFE_AREAS)) {
      for (const z of zones) {
        expect(z.x).toBeGreaterThanOrEqual(0);
        expect(z.y).toBeGreaterThanOrEqual(0);
        expect(z.x + z.width).toBeLessThanOrEqual(1 + 1e-9);
        expect(z.y + z.height).toBeLessThanOrEqual(1 + 1e-9);
      }
    }
  });
  it('cycles off, TikTok, Reels, Shorts', () => {
    expect(nextSafeArea('off')).toBe('tiktok');
    expect(nextSafeArea('shorts')).toBe('off');
  });
  it('places a zone in a box', () => {
    const caption = SAFE_AREAS.tiktok.zones[2]!;
    expect(zoneRect(caption, { x: 10, y: 0, width: 108, height: 192 })).toEqual({
      x: 10,
      y: 144,
      width: 96,
      height: 48,
    });
  });
});
