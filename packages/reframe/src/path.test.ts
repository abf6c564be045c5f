import { describe, expect, it } from 'vitest';
import { DEFAULT_PATH_OPTIONS, planShot, targetsPerFrame } from './path.ts';

const g = { frameWidth: 1920, windowWidth: 608, fps: 30 };
const jumps = (xs: number[]) => xs.slice(1).map((x, i) => Math.abs(x - xs[i]!));

describe('camera path of a shot', () => {
  it('holds still when the subject stays within half the window', () => {
    const targets = Array.from({ length: 90 }, (_, i) => 900 + 120 * Math.sin(i / 7));
    const path = planShot(targets, g);
    expect(path.mode).toBe('hold');
    expect(new Set(path.centres).size).toBe(1);
    expect(path.centres[0]).toBeCloseTo(900, -1);
  });

  it('pans along a subject crossing at a steady pace', () => {
    const targets = Array.from({ length: 120 }, (_, i) => 400 + 8 * i + 30 * Math.sin(i / 5));
    const path = planShot(targets, g);
    expect(path.mode).toBe('pan');
    const j = jumps(path.centres);
    expect(Math.max(...j) - Math.min(...j)).toBeLessThan(1e-6);
  });

  it('tracks a subject that turns, within the speed and acceleration limits and inside the picture', () => {
    const targets = Array.from({ length: 240 }, (_, i) =>
      i < 80 ? 300 + 14 * i : i < 160 ? 1420 - 12 * (i - 80) : 460,
    );
    const path = planShot(targets, g);
    expect(path.mode).toBe('track');
    const vmax = (DEFAULT_PATH_OPTIONS.maxVelocity * g.frameWidth) / g.fps;
    const amax = (DEFAULT_PATH_OPTIONS.maxAcceleration * g.frameWidth) / g.fps ** 2;
    const v = path.centres.slice(1).map((x, i) => x - path.centres[i]!);
    expect(Math.max(...v.map(Math.abs))).toBeLessThanOrEqual(vmax + 1e-9);
    expect(Math.max(...v.slice(1).map((x, i) => Math.abs(x - v[i]!)))).toBeLessThanOrEqual(amax + 1e-9);
    for (const c of path.centres) {
      expect(c).toBeGreaterThanOrEqual(304);
      expect(c).toBeLessThanOrEqual(1920 - 304);
    }
    // The subject stays inside the window (it moves slower than the speed limit).
    const outside = targets.filter((t, i) => Math.abs(t - path.centres[i]!) > 304 - 40).length;
    expect(outside).toBe(0);
  });

  it('keeps a subject at the edge of the picture with the window against the edge', () => {
    const path = planShot(new Array<number>(30).fill(30), g);
    expect(path.centres.every((c) => c === 304)).toBe(true);
  });

  it('interpolates detections to every frame and holds them at the ends', () => {
    expect(
      targetsPerFrame(
        [
          { frame: 12, x: 100 },
          { frame: 16, x: 200 },
        ],
        10,
        18,
      ),
    ).toEqual([100, 100, 100, 125, 150, 175, 200, 200, 200]);
  });
});
