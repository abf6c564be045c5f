// Shot boundaries from tiny frames at the full frame rate, so a cut is found on its exact frame. A hard
// cut changes the whole picture at once: its colour histogram, or (between two shots of alike colours)
// the picture itself, pixel by pixel; a camera pan or a subject crossing the picture changes both a
// little and over many frames. So a frame starts a shot when
// its histogram distance to the previous frame is high in absolute terms and also several times the
// distances around it (which keeps a busy, flickering scene from cutting on every frame).
import type { RgbImage } from './image.ts';

export interface ShotOptions {
  /** Histogram bins per channel. */
  bins: number;
  /** Mean luma difference (grey levels) that counts as much as fully different histograms. */
  pixelScale: number;
  /**
   * Least distance of a cut (0..1): the larger of half the L1 distance of the normalised histograms and
   * the mean luma difference over pixelScale.
   */
  threshold: number;
  /** A cut's distance is at least this many times the median distance of the frames around it. */
  ratio: number;
  /** Frames on each side whose distances make the local median. */
  window: number;
  /** Shortest shot in seconds: of two cuts closer than this, the stronger one is kept. */
  minShotSeconds: number;
}

// Tuned on the synthetic evaluation set (tests/bench/reframe-set.ts): its cuts score 0.45 and more,
// its pans and crossing subjects below 0.12.
export const DEFAULT_SHOT_OPTIONS: ShotOptions = {
  bins: 16,
  pixelScale: 80,
  threshold: 0.3,
  ratio: 3,
  window: 8,
  minShotSeconds: 0.5,
};

function luma(image: RgbImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3) {
    out[i] = 0.299 * image.data[p]! + 0.587 * image.data[p + 1]! + 0.114 * image.data[p + 2]!;
  }
  return out;
}

function histogram(image: RgbImage, bins: number): Float32Array {
  const h = new Float32Array(bins * 3);
  const { data } = image;
  const shift = 256 / bins;
  for (let p = 0; p < data.length; p += 3) {
    h[Math.floor(data[p]! / shift)]! += 1;
    h[bins + Math.floor(data[p + 1]! / shift)]! += 1;
    h[2 * bins + Math.floor(data[p + 2]! / shift)]! += 1;
  }
  const pixels = data.length / 3;
  for (let i = 0; i < h.length; i++) h[i]! /= pixels;
  return h;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Fed every frame in order; keeps one number a frame. */
export class ShotDetector {
  /** Distance of each frame to the one before (0 for the first). */
  readonly scores: number[] = [];
  private previous: { histogram: Float32Array; luma: Float32Array } | null = null;

  constructor(private readonly options: ShotOptions = DEFAULT_SHOT_OPTIONS) {}

  push(frame: RgbImage): void {
    const current = { histogram: histogram(frame, this.options.bins), luma: luma(frame) };
    let score = 0;
    const previous = this.previous;
    if (previous && previous.luma.length === current.luma.length) {
      let h = 0;
      for (let i = 0; i < current.histogram.length; i++) {
        h += Math.abs(current.histogram[i]! - previous.histogram[i]!);
      }
      let d = 0;
      for (let i = 0; i < current.luma.length; i++) d += Math.abs(current.luma[i]! - previous.luma[i]!);
      // Three histograms, each at most 2 apart.
      score = Math.max(h / 6, Math.min(1, d / current.luma.length / this.options.pixelScale));
    }
    this.scores.push(score);
    this.previous = current;
  }

  /** Frame indices (counted from the first frame pushed) where a new shot starts, 0 excluded. */
  cuts(fps: number): number[] {
    return cutsOf(this.scores, fps, this.options);
  }
}

/** The cuts of a score series (see ShotDetector.cuts). */
export function cutsOf(scores: number[], fps: number, options: ShotOptions = DEFAULT_SHOT_OPTIONS): number[] {
  const candidates: number[] = [];
  for (let i = 1; i < scores.length; i++) {
    const s = scores[i]!;
    if (s < options.threshold) continue;
    const around: number[] = [];
    for (let j = Math.max(1, i - options.window); j <= Math.min(scores.length - 1, i + options.window); j++) {
      if (j !== i) around.push(scores[j]!);
    }
    if (s >= options.ratio * median(around)) candidates.push(i);
  }
  const minGap = Math.max(1, Math.round(options.minShotSeconds * fps));
  const cuts: number[] = [];
  for (const c of candidates) {
    const last = cuts[cuts.length - 1];
    if (last !== undefined && c - last < minGap) {
      if (scores[c]! > scores[last]!) cuts[cuts.length - 1] = c;
      continue;
    }
    if (c < minGap || c > scores.length - minGap) continue;
    cuts.push(c);
  }
  return cuts;
}

/** [start, end] frame spans (end inclusive) of `frameCount` frames split at `cuts`. */
export function shotSpans(cuts: number[], frameCount: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  for (const c of [...cuts, frameCount]) {
    if (c > start) spans.push({ start, end: c - 1 });
    start = c;
  }
  return spans;
}
