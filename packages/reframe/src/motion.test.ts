import { describe, expect, it } from 'vitest';
import { toGray } from './image.ts';
import { globalShift, residual } from './motion.ts';
import { drawFrame } from './test-support.ts';

const scene = (camera: (i: number) => number) => ({
  width: 256,
  height: 144,
  seed: 3,
  camera,
  subject: (i: number) => 60 + i * 14,
  subjectSize: 28,
});

describe('global motion', () => {
  it('finds the camera pan despite a subject moving the other way', () => {
    for (const step of [-9, -3, 0, 5, 11]) {
      const s = scene((i) => i * step);
      const shift = globalShift(toGray(drawFrame(s, 0)), toGray(drawFrame(s, 1)), 24);
      // The world moves against the camera: a camera moving right moves the picture left.
      expect(shift.dx).toBeCloseTo(-step, 0);
      expect(Math.abs(shift.dy)).toBeLessThan(0.5);
    }
  });

  it('leaves after alignment only what moves of its own', () => {
    const s = scene((i) => i * 7);
    const prev = toGray(drawFrame(s, 0));
    const cur = toGray(drawFrame(s, 1));
    const r = residual(prev, cur, globalShift(prev, cur, 24));
    const at = (x: number, y: number) => r[y * 256 + x]!;
    // Inside the subject's new place the difference is large; far from it, the background matches.
    expect(at(74, 72)).toBeGreaterThan(60);
    let background = 0;
    let n = 0;
    for (let y = 10; y < 130; y++) {
      for (let x = 150; x < 240; x++) {
        background += at(x, y);
        n++;
      }
    }
    expect(background / n).toBeLessThan(3);
  });
});
