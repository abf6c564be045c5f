import { describe, expect, it } from 'vitest';
import { ShotDetector, cutsOf, shotSpans } from './shots.ts';
import { drawFrame, shrink } from './test-support.ts';

const W = 64;
const H = 36;

describe('shot detection', () => {
  it('finds a hard cut on its exact frame and none in a pan or under a crossing subject', () => {
    const detector = new ShotDetector();
    const first = {
      width: 192,
      height: 108,
      seed: 1,
      camera: (i: number) => i * 6,
      subject: (i: number) => 20 + i * 4,
      subjectSize: 24,
    };
    const second = { ...first, seed: 5, camera: () => 0, subject: (i: number) => 170 - i * 3 };
    for (let i = 0; i < 30; i++) detector.push(shrink(drawFrame(first, i), W, H));
    // A darker, different world: the cut.
    for (let i = 0; i < 30; i++) {
      const f = shrink(drawFrame(second, i), W, H);
      for (let p = 0; p < f.data.length; p++) f.data[p] = Math.round(f.data[p]! * 0.45);
      detector.push(f);
    }
    expect(detector.cuts(30)).toEqual([30]);
  });

  it('keeps the stronger of two cuts closer than the shortest shot, and none near the ends', () => {
    const scores = new Array<number>(60).fill(0.02);
    scores[20] = 0.5;
    scores[24] = 0.8;
    scores[2] = 0.9;
    expect(cutsOf(scores, 30)).toEqual([24]);
  });

  it('does not cut where every frame changes as much (a flickering scene)', () => {
    const scores = Array.from({ length: 60 }, (_, i) => (i === 0 ? 0 : 0.35 + 0.05 * (i % 2)));
    expect(cutsOf(scores, 30)).toEqual([]);
  });

  it('splits frames into inclusive spans', () => {
    expect(shotSpans([10, 25], 40)).toEqual([
      { start: 0, end: 9 },
      { start: 10, end: 24 },
      { start: 25, end: 39 },
    ]);
    expect(shotSpans([], 5)).toEqual([{ start: 0, end: 4 }]);
  });
});
