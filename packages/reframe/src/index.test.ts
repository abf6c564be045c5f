import { describe, expect, it } from 'vitest';
import { cropWindowAt, validateKeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { Reframer, withSceneBreaks } from './index.ts';
import { drawFrame, type SceneSpec } from './test-support.ts';

// A 768x432 "source" at 24 fps, analysed at 256x144, 6 frames a second: two shots.
const SRC = { width: 768, height: 432, fps: 24 };
const SHOT = 72;
const shots: SceneSpec[] = [
  {
    // The camera pans right; the subject runs right faster; two red-ish distractors sit in the world.
    width: SRC.width,
    height: SRC.height,
    seed: 2,
    camera: (i) => i * 3,
    subject: (i) => 120 + i * 6.5,
    subjectSize: 72,
    distractors: [
      { x: 60, y: 40, size: 80, rgb: [40, 40, 220] },
      { x: 700, y: 300, size: 90, rgb: [40, 200, 60] },
    ],
  },
  {
    // A still camera on another world; the subject drifts a little near the right.
    width: SRC.width,
    height: SRC.height,
    seed: 9,
    camera: () => 0,
    subject: (i) => 560 + 30 * Math.sin(i / 8),
    subjectSize: 72,
    distractors: [{ x: 100, y: 200, size: 80, rgb: [240, 220, 40] }],
  },
];

describe('the reframing engine', () => {
  it('follows the subject through a pan and a cut with a smooth, valid keyframe file', () => {
    const frameCount = SHOT * shots.length;
    const reframer = new Reframer({ ...SRC, firstFrame: 0, frameCount });
    const truth: number[] = [];
    for (let f = 0; f < frameCount; f++) {
      const spec = shots[Math.floor(f / SHOT)]!;
      truth.push(spec.subject(f % SHOT));
      reframer.pushShotFrame(drawFrame(spec, f % SHOT, 1 / 12));
      if (f % 4 === 0) reframer.pushAnalysisFrame(drawFrame(spec, f % SHOT, 1 / 3), f);
    }
    const { file, shots: planned, subjects } = reframer.finish();

    expect(validateKeyframeFile(file, { ...SRC, frameCount })).toEqual([]);
    expect(file.groups.map((g) => [g.start_frame, g.end_frame])).toEqual([
      [0, SHOT - 1],
      [SHOT, 2 * SHOT - 1],
    ]);
    expect(planned.map((s) => s.mode)).toEqual(['pan', 'hold']);
    expect(subjects.length).toBe(frameCount / 4);

    let inside = 0;
    let largestJump = 0;
    for (let f = 0; f < frameCount; f++) {
      const w = cropWindowAt(file, f);
      expect(w.width).toBe(243);
      if (truth[f]! - 36 >= w.x && truth[f]! + 36 <= w.x + w.width) inside++;
      if (f % SHOT !== 0) largestJump = Math.max(largestJump, Math.abs(w.x - cropWindowAt(file, f - 1).x));
    }
    expect(inside / frameCount).toBeGreaterThanOrEqual(0.95);
    // No jump inside a shot larger than the speed limit allows (0.6 widths a second).
    expect(largestJump).toBeLessThanOrEqual(Math.ceil((0.6 * SRC.width) / SRC.fps) + 1);
    // Few keyframes: a pan and a hold need two each.
    expect(file.groups.flatMap((g) => g.objects[0]!.keyframes).length).toBeLessThanOrEqual(8);
  });

  it('finds a cut the tiny frames miss when the analysis frames cannot be lined up across it', () => {
    // Two busy grounds that shrink to the same grey: the tiny frames' scores stay below a cut's, but
    // the analyser found frame 40 unrelated to frame 35 (no motion measured against the frame before).
    const scores = new Array<number>(80).fill(0.1);
    scores[38] = 0.27;
    const frames = [30, 35, 40, 45].map((f) => ({
      sourceFrame: 100 + f,
      shift: { dx: 0, dy: 0 },
      maps: {
        cols: 1,
        rows: 1,
        motionBefore: f === 30 || f === 40 ? null : new Float32Array(1),
        motionAfter: f === 35 ? null : new Float32Array(1),
        colour: new Float32Array(1),
        detail: new Float32Array(1),
      },
    }));
    expect(withSceneBreaks([], frames, scores, 100)).toEqual([38]);
    // A cut already found between them is kept, and none added.
    expect(withSceneBreaks([37], frames, scores, 100)).toEqual([37]);
    // Frames that differ no more than the ones around them: a pan the analyser failed to line up.
    expect(withSceneBreaks([], frames, new Array<number>(80).fill(0.1), 100)).toEqual([]);
  });
});
