import { describe, expect, it } from 'vitest';
import { cropWindowAt, validateKeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { keyframeFileOf, spliceGroups, thin, windowSize } from './keyframes.ts';

const video = { width: 1920, height: 1080, fps: 30 };

describe('keyframes of a path', () => {
  it('keeps only the points the straight lines between them need', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i < 50 ? i * 4 : 196));
    const kept = thin(values, 1);
    expect(kept).toEqual([0, 49, 99]);
    const curve = Array.from({ length: 200 }, (_, i) => 500 * Math.sin(i / 40));
    const few = thin(curve, 3);
    // Every frame between kept points is within the tolerance of their line.
    for (let k = 1; k < few.length; k++) {
      const a = few[k - 1]!;
      const b = few[k]!;
      for (let i = a; i <= b; i++) {
        const line = curve[a]! + ((i - a) / (b - a)) * (curve[b]! - curve[a]!);
        expect(Math.abs(curve[i]! - line)).toBeLessThanOrEqual(3);
      }
    }
    expect(few.length).toBeLessThan(30);
  });

  it('writes a valid file whose crop is the planned window at every frame', () => {
    const centres = Array.from({ length: 60 }, (_, i) => 400 + i * 10);
    const file = keyframeFileOf(
      video,
      [
        { start: 0, end: 59, mode: 'pan', centres },
        { start: 60, end: 89, mode: 'hold', centres: new Array<number>(30).fill(1700) },
      ],
      2,
    );
    expect(validateKeyframeFile(file, { width: 1920, height: 1080, frameCount: 90 })).toEqual([]);
    expect(windowSize(video)).toEqual({ width: 608, height: 1080 });
    expect(file.groups.map((g) => g.objects[0]!.keyframes.length)).toEqual([2, 2]);
    for (let f = 0; f < 60; f++) {
      const w = cropWindowAt(file, f);
      expect(w.width).toBe(608);
      expect(w.height).toBe(1080);
      expect(Math.abs(w.x - (centres[f]! - 304))).toBeLessThanOrEqual(2);
    }
    // Kept inside the picture: the hold at 1700 is moved to the right edge.
    expect(cropWindowAt(file, 70).x).toBe(1920 - 608);
  });

  it('puts a re-planned span in place of the same span of a file, keeping the rest', () => {
    const base = keyframeFileOf(
      video,
      [{ start: 0, end: 99, mode: 'pan', centres: Array.from({ length: 100 }, (_, i) => 400 + i * 8) }],
      1,
    );
    const part = keyframeFileOf(
      video,
      [{ start: 0, end: 39, mode: 'hold', centres: new Array<number>(40).fill(1000) }],
      1,
    );
    // Shift the part to frames 30-69.
    part.groups[0] = {
      ...part.groups[0]!,
      start_frame: 30,
      end_frame: 69,
      objects: part.groups[0]!.objects.map((o) => ({
        ...o,
        keyframes: o.keyframes.map((k) => ({ ...k, frame: k.frame + 30 })),
      })),
    };
    const spliced = spliceGroups(base, part);
    expect(spliced.groups.map((g) => [g.group_id, g.start_frame, g.end_frame])).toEqual([
      [1, 0, 29],
      [2, 30, 69],
      [3, 70, 99],
    ]);
    expect(validateKeyframeFile(spliced, { width: 1920, height: 1080, frameCount: 100 })).toEqual([]);
    for (const f of [0, 10, 29, 70, 85, 99]) expect(cropWindowAt(spliced, f)).toEqual(cropWindowAt(base, f));
    expect(cropWindowAt(spliced, 50).x).toBe(1000 - 304);
  });
});
