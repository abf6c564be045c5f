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
  /**
   * Width of the preference for the expected place, as a share of the frame width. Half the gate: as
   * wide as the gate, it took a fifth off at the gate's edge, and a figure walking alongside took the
   * track whenever it moved a fifth more than the subject (a subject walking back against a pan that
   * follows it barely moves against the ground).
   */
  priorWidth: number;
  /** How much of the saliency the preference can take away far from the previous place (0..1). */
  priorStrength: number;
  /**
   * Farthest the subject is looked for from where it is expected, as a share of the frame width: a
   * subject does not cross a fifth of the picture between two analysed frames, a distractor elsewhere
   * is not it.
   */
  gate: number;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  weights: { motion: 0.8, colour: 0.15, detail: 0.05 },
  motionFloor: 12,
  stillBelow: 3,
  priorWidth: 0.1,
  priorStrength: 0.5,
  gate: 0.2,
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
 * Motion of a frame: per cell the mean of its motion against the frame before and the frame after,
 * using only the sides given. The subject's place now differs from both neighbours, its old place
 * only from the frame before and its next place only from the frame after: the mean is strongest
 * where the subject is, and its old and new places, on both sides of it, keep it centred.
 */
export function motionOf(maps: CellMaps, sides: { before: boolean; after: boolean }): Float32Array {
  const before = sides.before ? maps.motionBefore : null;
  const after = sides.after ? maps.motionAfter : null;
  const out = new Float32Array(maps.cols * maps.rows);
  for (let i = 0; i < out.length; i++) {
    out[i] = before && after ? (before[i]! + after[i]!) / 2 : (before?.[i] ?? after?.[i] ?? 0);
  }
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

/** Where the subject is expected: its last place moved on by its last step (a damped guess). */
interface Expectation {
  place: Place;
  step: Place;
}

/** The subject in one frame, near the expected place when there is one. */
function detect(
  frame: AnalysedFrame,
  motion: Float32Array,
  expected: Expectation | null,
  options: TrackerOptions,
): Detection {
  const { cols, rows } = frame.maps;
  const raw = blur(saliencyMap(frame.maps, motion, options), cols, rows);
  const moved = blur(motion, cols, rows);
  if (expected) {
    // The subject moves a limited distance between analysed frames: far from where it is expected,
    // saliency counts for little (a distractor moving elsewhere does not take the camera), and when
    // nothing moves near there the subject has stopped and is held where it was.
    const sigma = options.priorWidth * cols;
    const keep = 1 - options.priorStrength;
    const at = {
      col: expected.place.col + expected.step.col,
      row: expected.place.row + expected.step.row,
    };
    let near = 0;
    const gate = options.gate * cols;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const d2 = (c + 0.5 - at.col) ** 2 + (r + 0.5 - at.row) ** 2;
        const i = r * cols + c;
        if (d2 > gate * gate) {
          raw[i] = 0;
          continue;
        }
        raw[i]! *= keep + options.priorStrength * Math.exp(-d2 / (2 * sigma * sigma));
        near = Math.max(near, moved[i]!);
      }
    }
    if (near < options.stillBelow)
      return { sourceFrame: frame.sourceFrame, ...expected.place, moving: false };
  } else if (maxOf(moved) < options.stillBelow) {
    // Nothing moves in the whole frame: colour and detail alone decide.
    const place = peakOf(raw, cols, rows);
    return { sourceFrame: frame.sourceFrame, ...place, moving: false };
  }
  return { sourceFrame: frame.sourceFrame, ...peakOf(raw, cols, rows), moving: true };
}

/** The strongest cell, refined by the centre of mass around it (squared weights: the strong cells decide). */
function peakOf(raw: Float32Array, cols: number, rows: number): Place {
  let peak = 0;
  for (let i = 1; i < raw.length; i++) if (raw[i]! > raw[peak]!) peak = i;
  const pr = Math.floor(peak / cols);
  const pc = peak % cols;
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
  return sw > 0 ? { col: sc / sw + 0.5, row: sr / sw + 0.5 } : { col: pc + 0.5, row: pr + 0.5 };
}

/**
 * The subject in every frame of one shot (frames in order). Tracking starts at a frame of strong
 * motion, where the subject is surest, and runs from there to both ends of the shot: a shot that
 * opens with its subject standing still does not hand the camera to a distractor for good. The
 * strongest motion of one frame may be a distractor's, so tracking is tried from the strongest frames
 * at a few different places, and the track with the most motion along it over the whole shot wins:
 * the subject is what moves most through the shot, not in one frame.
 */
export function trackShot(
  frames: AnalysedFrame[],
  options: TrackerOptions = DEFAULT_TRACKER_OPTIONS,
): Detection[] {
  if (frames.length === 0) return [];
  const { cols, rows } = frames[0]!.maps;
  // The first frame of the shot is not compared with the frame before it (the other shot), the last
  // not with the one after.
  const motions = frames.map((f, i) => motionOf(f.maps, { before: i > 0, after: i < frames.length - 1 }));
  // Motion over a subject-sized area (a lone noisy cell is not a subject).
  const blurred = motions.map((m) => blur(m, cols, rows));
  const peaks = blurred.map((m, i) => {
    let peak = 0;
    for (let k = 1; k < m.length; k++) if (m[k]! > m[peak]!) peak = k;
    return { frame: i, strength: m[peak]!, col: (peak % cols) + 0.5, row: Math.floor(peak / cols) + 0.5 };
  });
  const byStrength = [...peaks].sort((a, b) => b.strength - a.strength);
  const anchors: typeof peaks = [];
  // Anchors farther apart than the gate: each could start a track the others would not find.
  const apart = options.gate * cols;
  for (const p of byStrength) {
    if (anchors.length >= 3) break;
    if (anchors.some((a) => Math.hypot(a.col - p.col, a.row - p.row) < apart)) continue;
    anchors.push(p);
  }
  let best: Detection[] = [];
  let bestScore = -1;
  for (const anchor of anchors) {
    const track = trackFrom(frames, motions, anchor.frame, options);
    let score = 0;
    track.forEach((d, i) => {
      const c = Math.min(cols - 1, Math.max(0, Math.floor(d.col)));
      const r = Math.min(rows - 1, Math.max(0, Math.floor(d.row)));
      if (d.moving) score += blurred[i]![r * cols + c]!;
    });
    if (score > bestScore) {
      best = track;
      bestScore = score;
    }
  }
  return best;
}

/** The subject in every frame, tracked from `anchor` to both ends of the shot. */
function trackFrom(
  frames: AnalysedFrame[],
  motions: Float32Array[],
  anchor: number,
  options: TrackerOptions,
): Detection[] {
  const out = new Array<Detection>(frames.length);
  const run = (from: number, to: number, direction: 1 | -1) => {
    let expected: Expectation | null = null;
    if (direction === -1) expected = { place: out[anchor]!, step: { col: 0, row: 0 } };
    for (let i = from; i !== to; i += direction) {
      const d = detect(frames[i]!, motions[i]!, expected, options);
      out[i] = d;
      const place = { col: d.col, row: d.row };
      // Half the last step carried on: enough to follow a subject that keeps going, little harm
      // when it turns.
      const step = expected
        ? { col: (place.col - expected.place.col) * 0.5, row: (place.row - expected.place.row) * 0.5 }
        : { col: 0, row: 0 };
      expected = { place, step };
    }
  };
  run(anchor, frames.length, 1);
  run(anchor - 1, -1, -1);
  return out;
}
