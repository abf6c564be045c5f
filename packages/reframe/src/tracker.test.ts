import { describe, expect, it } from 'vitest';
import { SaliencyAnalyser } from './saliency.ts';
import { drawFrame, type SceneSpec } from './test-support.ts';
import { trackShot } from './tracker.ts';

// One shot of analysis-sized frames (256x144, 8 px cells) of a textured world under a panning camera.
const scene = (over: Partial<SceneSpec> = {}): SceneSpec => ({
  width: 256,
  height: 144,
  seed: 4,
  camera: (i) => i * 8,
  subject: (i) => 50 + i * 10,
  subjectSize: 26,
  subjectRgb: [200, 150, 110],
  ...over,
});

/** The tracked subject's x in picture pixels, frame by frame. */
function track(spec: SceneSpec, frames: number): number[] {
  const analyser = new SaliencyAnalyser();
  for (let i = 0; i < frames; i++) analyser.push(drawFrame(spec, i), i);
  analyser.finish();
  return trackShot(analyser.frames).map((d) => d.col * 8);
}

describe('subject tracking', () => {
  it('follows a blob moving against a panning textured ground', () => {
    const spec = scene();
    const xs = track(spec, 16);
    xs.forEach((x, i) => expect(Math.abs(x - spec.subject(i))).toBeLessThan(20));
  });

  it('is not drawn to a static high-contrast block the camera pans past', () => {
    const spec = scene({
      distractors: [
        { x: 120, y: 20, size: 36, rgb: [255, 255, 255] },
        { x: 220, y: 90, size: 36, rgb: [20, 60, 240] },
      ],
    });
    const xs = track(spec, 16);
    xs.forEach((x, i) => expect(Math.abs(x - spec.subject(i))).toBeLessThan(20));
  });

  it('holds a subject that stops while another figure moves elsewhere in the picture', () => {
    // The subject walks for 10 frames, then stands; from then on only the other figure moves.
    const stopAt = 10;
    const spec = scene({
      camera: () => 0,
      subject: (i) => 40 + Math.min(i, stopAt) * 10,
      movers: [
        { x: (i) => (i < stopAt ? 235 : 235 - (i - stopAt) * 6), y: 20, size: 24, rgb: [90, 200, 90] },
      ],
    });
    const xs = track(spec, 16);
    xs.forEach((x, i) => expect(Math.abs(x - spec.subject(i))).toBeLessThan(20));
  });

  it('keeps to the subject when a similar figure moves less far on the other side', () => {
    const spec = scene({
      movers: [{ x: (i) => 200 - i * 2, y: 110, size: 24, rgb: [110, 150, 200] }],
    });
    const xs = track(spec, 16);
    xs.forEach((x, i) => expect(Math.abs(x - spec.subject(i))).toBeLessThan(20));
  });

  it('keeps a subject that walks back slowly against the pan while a figure alongside moves more', () => {
    // The subject dashes right, then walks back left while the camera pans right: against the ground
    // it barely moves (3 px a frame), while a figure above it walks on at 4. Both are in the gate; the
    // nearer, the subject, must keep the track.
    const turn = 8;
    const subject = (i: number) => (i < turn ? 40 + i * 14 : 152 - (i - turn) * 5);
    const spec = scene({
      camera: (i) => i * 2,
      subject,
      subjectY: 100,
      movers: [{ x: (i) => 162 + (i - turn) * 2, y: 60, size: 24, rgb: [110, 150, 200] }],
    });
    const xs = track(spec, 16);
    xs.slice(turn).forEach((x, k) => expect(Math.abs(x - subject(turn + k))).toBeLessThan(20));
  });
});
