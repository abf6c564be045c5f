import { describe, expect, it } from 'vitest';
import { SaliencyAnalyser, type CellMaps } from './saliency.ts';
import { drawFrame, type SceneSpec } from './test-support.ts';
import { motionOf } from './tracker.ts';

// Analysis-sized frames (256x144, 8 px cells: 32x18 cells) of a textured world under a panning camera.
const scene = (over: Partial<SceneSpec> = {}): SceneSpec => ({
  width: 256,
  height: 144,
  seed: 5,
  camera: (i) => i * 9,
  subject: (i) => 70 + i * 12,
  subjectSize: 26,
  // A grey subject of the ground's own brightness: it shows only by moving.
  subjectRgb: [120, 112, 110],
  ...over,
});

function analyse(spec: SceneSpec, frames: number): SaliencyAnalyser {
  const analyser = new SaliencyAnalyser();
  for (let i = 0; i < frames; i++) analyser.push(drawFrame(spec, i), i);
  analyser.finish();
  return analyser;
}

/** The motion of a cell of the picture's (x, y) pixel. */
const cellAt = (maps: CellMaps, values: Float32Array, x: number, y: number) =>
  values[Math.floor(y / 8) * maps.cols + Math.floor(x / 8)]!;

describe('saliency maps', () => {
  it('mark the subject moving against a panning textured ground, and not the ground', () => {
    const spec = scene();
    const { frames } = analyse(spec, 3);
    const middle = frames[1]!;
    // The camera moved 9 px right: the picture moved 9 px left.
    expect(middle.shift.dx).toBeCloseTo(-9, 0);
    const motion = motionOf(middle.maps, { before: true, after: true });
    const onSubject = cellAt(middle.maps, motion, spec.subject(1), 72);
    expect(onSubject).toBeGreaterThan(5);
    // Well away from the subject the lined-up ground leaves next to nothing.
    let ground = 0;
    for (let y = 8; y < 136; y += 8)
      for (let x = 170; x < 248; x += 8) ground = Math.max(ground, cellAt(middle.maps, motion, x, y));
    expect(ground).toBeLessThan(onSubject / 5);
  });

  it('give a high-contrast block fixed in the scene no motion while the camera pans past it', () => {
    const spec = scene({
      subject: () => -100,
      distractors: [{ x: 150, y: 50, size: 40, rgb: [250, 250, 250] }],
    });
    const { frames } = analyse(spec, 3);
    const middle = frames[1]!;
    const motion = motionOf(middle.maps, { before: true, after: true });
    // The block's edges against the ground are the strongest in the picture, and they move with it.
    let most = 0;
    for (const v of motion) most = Math.max(most, v);
    expect(most).toBeLessThan(3);
  });

  it('compare nothing across a cut', () => {
    const first = scene();
    // Another scene: the same kind of ground in a negative.
    const negative = (i: number) => {
      const frame = drawFrame(first, i);
      return { ...frame, data: frame.data.map((v) => 255 - v) };
    };
    const analyser = new SaliencyAnalyser();
    analyser.push(drawFrame(first, 0), 0);
    analyser.push(drawFrame(first, 1), 1);
    analyser.push(negative(2), 2);
    analyser.push(negative(3), 3);
    analyser.finish();
    const [, last, next] = analyser.frames;
    expect(last!.maps.motionAfter).toBeNull();
    expect(next!.maps.motionBefore).toBeNull();
    expect(next!.maps.motionAfter).not.toBeNull();
  });
});
