// Where the subject is in each analysed frame of a shot: the three maps weighed into one saliency map,
// which favours (softly) the neighbourhood of the previous frame's subject, so that when a distractor
// is as salient as the subject the subject keeps the camera. A subject that stops moving is held where
// it was last seen moving, rather than handed to whatever colour or detail is strongest.
import type { AnalysedFrame, CellMaps } from './saliency.ts';

export interface TrackerOptions {
  weights: { motion: number; colour: number; detail: number };
  /** Motion (grey levels above noise, cell mean) that is full evidence; less is weighed down. */
  motionFloor: number;
  /** Cell motion below this (in the whole frame) means no subject moved: the previous place is kept. */
  stillBelow: number;
  /** Width of the preference for the previous place, as a share of the frame width. */
  priorWidth: number;
  /** How much of the saliency the preference can take away far from the previous place (0..1). */
  priorStrength: number;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  weights: { motion: 0.65, colour: 0.25, detail: 0.1 },
  motionFloor: 12,
  stillBelow: 3,
  priorWidth: 0.2,
  priorStrength: 0.5,
};

export interface Detection {
  sourceFrame: number;
  /** Centre of the subject in analysis cells (fractional). */
  col: number;
  row: number;
  /** Whether motion placed it (else colour and detail did, or it was held). */
  moving: boolean;
}

function maxOf(values: Float32Array): number {
  let m = 0;
  for (const v of values) if (v > m) m = v;
  return m;
}

/**
 * Motion of a frame: per cell the larger of its motion against the frame before and the frame after
 * (the subject's old and new place lie on both sides of where it is), using only the sides given.
 */
export function motionOf(maps: CellMaps, sides: { before: boolean; after: boolean }): Float32Array {
  const before = sides.before ? maps.motionBefore : null;
  const after = sides.after ? maps.motionAfter : null;
  const out = new Float32Array(maps.cols * maps.rows);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(before?.[i] ?? 0, after?.[i] ?? 0);
  return out;
}

/** The three maps weighed into one, each scaled to its frame's largest value (motion to a floor). */
export function saliencyMap(
  maps: CellMaps,
  motion: Float32Array,
  options: TrackerOptions = DEFAULT_TRACKER_OPTIONS,
): Float32Array {
  const { colour, detail } = maps;
  const m = Math.max(maxOf(motion), options.motionFloor);
  const c = maxOf(colour) || 1;
  const d = maxOf(detail) || 1;
  const w = options.weights;
  const out = new Float32Array(motion.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = (w.motion * motion[i]!) / m + (w.colour * colour[i]!) / c + (w.detail * detail[i]!) / d;
  }
  return out;
}

/** 3x3 box blur: a subject covers several cells, a lone noisy cell does not. */
function blur(values: Float32Array, cols: number, rows: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let sum = 0;
      let n = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
          sum += values[rr * cols + cc]!;
          n++;
        }
      }
      out[r * cols + c] = sum / n;
    }
  }
  return out;
}

type Place = { col: number; row: number };

/** The subject in one frame, near `previous` when given. */
function detect(
  frame: AnalysedFrame,
  motion: Float32Array,
  previous: Place | null,
  options: TrackerOptions,
): Detection {
  const { cols, rows } = frame.maps;
  const moving = maxOf(motion) >= options.stillBelow;
  if (!moving && previous) return { sourceFrame: frame.sourceFrame, ...previous, moving: false };
  const raw = blur(saliencyMap(frame.maps, motion, options), cols, rows);
  if (previous) {
    const sigma = options.priorWidth * cols;
    const keep = 1 - options.priorStrength;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const d2 = (c + 0.5 - previous.col) ** 2 + (r + 0.5 - previous.row) ** 2;
        raw[r * cols + c]! *= keep + options.priorStrength * Math.exp(-d2 / (2 * sigma * sigma));
      }
    }
  }
  let peak = 0;
  for (let i = 1; i < raw.length; i++) if (raw[i]! > raw[peak]!) peak = i;
  const pr = Math.floor(peak / cols);
  const pc = peak % cols;
  // Centre of mass around the peak (squared weights: the strong cells of the subject decide).
  let sw = 0;
  let sc = 0;
  let sr = 0;
  for (let r = Math.max(0, pr - 2); r <= Math.min(rows - 1, pr + 2); r++) {
    for (let c = Math.max(0, pc - 2); c <= Math.min(cols - 1, pc + 2); c++) {
      const w = raw[r * cols + c]! ** 2;
      sw += w;
      sc += w * c;
      sr += w * r;
    }
  }
  const place = sw > 0 ? { col: sc / sw + 0.5, row: sr / sw + 0.5 } : { col: pc + 0.5, row: pr + 0.5 };
  return { sourceFrame: frame.sourceFrame, ...place, moving };
}

/**
 * The subject in every frame of one shot (frames in order). Tracking starts at the frame with the
 * strongest motion, where the subject is surest, and runs from there to both ends of the shot: a shot
 * that opens with its subject standing still does not hand the camera to a distractor for good.
 */
export function trackShot(
  frames: AnalysedFrame[],
  options: TrackerOptions = DEFAULT_TRACKER_OPTIONS,
): Detection[] {
  if (frames.length === 0) return [];
  // The first frame of the shot is not compared with the frame before it (the other shot), the last
  // not with the one after.
  const motions = frames.map((f, i) => motionOf(f.maps, { before: i > 0, after: i < frames.length - 1 }));
  let anchor = 0;
  motions.forEach((m, i) => {
    if (maxOf(m) > maxOf(motions[anchor]!)) anchor = i;
  });
  const out = new Array<Detection>(frames.length);
  let previous: Place | null = null;
  for (let i = anchor; i < frames.length; i++) {
    const d = detect(frames[i]!, motions[i]!, previous, options);
    out[i] = d;
    previous = { col: d.col, row: d.row };
  }
  previous = { col: out[anchor]!.col, row: out[anchor]!.row };
  for (let i = anchor - 1; i >= 0; i--) {
    const d = detect(frames[i]!, motions[i]!, previous, options);
    out[i] = d;
    previous = { col: d.col, row: d.row };
  }
  return out;
}
