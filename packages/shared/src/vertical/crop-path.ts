// The crop path over many frames, on top of the one-frame crop model of keyframe-file.ts: how small a crop
// may get before the render enlarges it too much, the smoothing the render applies to the objects' paths,
// the shots of a file, and where two paths (a suggestion's and the reviewer's) part. The browser's live
// preview, the server's checks and the render worker all call these, so they always agree.
import { cropMessages } from '../messages.ts';
import {
  cropWindowAt,
  fullHeightWindow,
  objectPositionAt,
  type Keyframe,
  type KeyframeFile,
  type KeyframeGroup,
  type KeyframeObject,
} from './keyframe-file.ts';

// ---------------------------------------------------------------- how far the render may enlarge

/** The render never blows a crop up more than this (beyond what the source's own height forces). */
export const MAX_UPSCALE = 2;

/**
 * The smallest crop height the render accepts: the output height over MAX_UPSCALE, or the full-height
 * window when even that is taller than the source can give (a small source is enlarged anyway; only a
 * crop tighter than the whole height would make it worse).
 */
export function minimumCropHeight(file: KeyframeFile): number {
  const full = fullHeightWindow(file).height;
  return Math.min(full, Math.ceil(file.output_vertical_height / MAX_UPSCALE));
}

/** The smallest box of the output's shape that keeps the crop at or above minimumCropHeight. */
export function minimumBoxSize(file: KeyframeFile): { width: number; height: number } {
  const height = minimumCropHeight(file);
  const aspect = file.output_vertical_width / file.output_vertical_height;
  return { width: Math.min(file.input_width, Math.ceil(height * aspect)), height };
}

/** How many times the render enlarges a crop of that height. */
export const upscaleOf = (file: KeyframeFile, cropHeight: number): number =>
  file.output_vertical_height / Math.max(1, cropHeight);

/** Frames [start, end] (inclusive) whose crop is under the minimum; `height` is the smallest crop in it. */
export interface UndersizedSpan {
  start: number;
  end: number;
  height: number;
}

/** The spans of [first, last] whose crop window is shorter than minimumCropHeight, in frame order. */
export function undersizedSpans(file: KeyframeFile, first: number, last: number): UndersizedSpan[] {
  const min = minimumCropHeight(file);
  const spans: UndersizedSpan[] = [];
  let open: UndersizedSpan | null = null;
  for (let frame = first; frame <= last; frame++) {
    const { height } = cropWindowAt(file, frame);
    if (height < min) {
      if (open) {
        open.end = frame;
        open.height = Math.min(open.height, height);
      } else {
        open = { start: frame, end: frame, height };
        spans.push(open);
      }
    } else open = null;
  }
  return spans;
}

/**
 * Why the render refuses the file over [first, last] (its first crop under the minimum, after the
 * smoothing the render applies), or null when every crop is large enough.
 */
export function cropTooSmallError(file: KeyframeFile, first: number, last: number): string | null {
  const [span] = undersizedSpans(smoothKeyframeFile(file), first, last);
  if (!span) return null;
  return cropMessages.tooSmall(
    span.start,
    span.height,
    upscaleOf(file, span.height),
    MAX_UPSCALE,
    minimumCropHeight(file),
  );
}

// ---------------------------------------------------------------- smoothing

/** Frames of standard deviation of the smoothing kernel: its ±3σ spans the file's seconds either side. */
export function smoothingSigmaFrames(file: KeyframeFile): number {
  const seconds = file.smoothing_seconds ?? 0;
  return seconds > 0 ? (seconds * file.fps) / 3 : 0;
}

function gaussianKernel(sigma: number): number[] {
  const radius = Math.ceil(3 * sigma);
  const weights = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma ** 2)),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** Values smoothed by the kernel; beyond either end the path is held (a hold stays a hold). */
function convolve(values: number[], kernel: number[]): number[] {
  const radius = (kernel.length - 1) / 2;
  const last = values.length - 1;
  return values.map((_, i) => {
    let sum = 0;
    for (let k = 0; k < kernel.length; k++) {
      const j = Math.min(Math.max(i + k - radius, 0), last);
      sum += kernel[k]! * values[j]!;
    }
    return sum;
  });
}

/**
 * Keyframes for a whole-pixel path given at every frame from `start`, without those the straight line
 * between their neighbours gives exactly (so the interpolation of the result is the path itself).
 */
function thin(start: number, xs: number[], ys: number[]): Keyframe[] {
  const keys: Keyframe[] = [];
  const n = xs.length;
  let anchor = 0;
  keys.push({ frame: start, x: xs[0]!, y: ys[0]! });
  for (let j = 2; j < n; j++) {
    // Point j-1 stays only when it is not on the line from the anchor to j (exact, in integers).
    const onLine = (v: number[]) =>
      (v[j]! - v[anchor]!) * (j - 1 - anchor) === (v[j - 1]! - v[anchor]!) * (j - anchor);
    if (!(onLine(xs) && onLine(ys))) {
      anchor = j - 1;
      keys.push({ frame: start + anchor, x: xs[anchor]!, y: ys[anchor]! });
    }
  }
  if (n > 1) keys.push({ frame: start + n - 1, x: xs[n - 1]!, y: ys[n - 1]! });
  return keys;
}

function smoothObject(object: KeyframeObject, group: KeyframeGroup, kernel: number[], file: KeyframeFile) {
  if (object.keyframes.length < 2) return object;
  const count = group.end_frame - group.start_frame + 1;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = objectPositionAt(object, group.start_frame + i);
    xs.push(p.x);
    ys.push(p.y);
  }
  const maxX = Math.max(0, file.input_width - object.rect[2]);
  const maxY = Math.max(0, file.input_height - object.rect[3]);
  const whole = (v: number, hi: number) => Math.min(Math.max(Math.round(v), 0), hi);
  const sx = convolve(xs, kernel).map((v) => whole(v, maxX));
  const sy = convolve(ys, kernel).map((v) => whole(v, maxY));
  return { ...object, keyframes: thin(group.start_frame, sx, sy) };
}

/**
 * The file the render follows: each object's path (linear between its keyframes) smoothed with a
 * Gaussian of the file's smoothing_seconds, inside each group only (a cut stays a cut), in whole pixels
 * inside the frame, written back as keyframes. Without smoothing the same file is returned. The result
 * carries no smoothing_seconds: it is the path itself, which cropWindowAt follows frame by frame.
 */
export function smoothKeyframeFile(file: KeyframeFile): KeyframeFile {
  const sigma = smoothingSigmaFrames(file);
  if (sigma <= 0) return file;
  const kernel = gaussianKernel(sigma);
  const { smoothing_seconds: _applied, ...rest } = file;
  return {
    ...rest,
    groups: file.groups.map((group) => ({
      ...group,
      objects: group.objects.map((object) => smoothObject(object, group, kernel, file)),
    })),
  };
}

// ---------------------------------------------------------------- shots

/** A run of frames [start, end] (inclusive) filmed as one shot. */
export interface Shot {
  start: number;
  end: number;
}

/**
 * The shots of [first, last]: cut wherever any of the files starts a group (groups are scene spans, and
 * a suggestion's groups are where its maker saw cuts), so inside a shot each file has at most one group.
 */
export function shotsOf(files: KeyframeFile[], first: number, last: number): Shot[] {
  const cuts = new Set<number>();
  for (const file of files) {
    for (const group of file.groups) {
      if (group.start_frame > first && group.start_frame <= last) cuts.add(group.start_frame);
      if (group.end_frame >= first && group.end_frame < last) cuts.add(group.end_frame + 1);
    }
  }
  const starts = [first, ...[...cuts].sort((a, b) => a - b)];
  return starts.map((start, i) => ({ start, end: i + 1 < starts.length ? starts[i + 1]! - 1 : last }));
}

/** The shot holding the frame. */
export const shotAt = (shots: Shot[], frame: number): Shot | undefined =>
  shots.find((s) => frame >= s.start && frame <= s.end);

// ---------------------------------------------------------------- keyframe navigation

/** The nearest frame after (+1) or before (-1) `frame` holding a keyframe of the file's objects (or of one object). */
export function adjacentKeyframe(
  file: KeyframeFile,
  frame: number,
  direction: 1 | -1,
  objectId?: number,
): number | null {
  let best: number | null = null;
  for (const group of file.groups) {
    for (const object of group.objects) {
      if (objectId !== undefined && object.object_id !== objectId) continue;
      for (const key of object.keyframes) {
        const ahead = direction === 1 ? key.frame > frame : key.frame < frame;
        if (ahead && (best === null || (direction === 1 ? key.frame < best : key.frame > best)))
          best = key.frame;
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------- comparing two paths

/** Where two crop paths part: frames [start, end] and the largest distance between their windows there. */
export interface PathDifference {
  start: number;
  end: number;
  /** Source pixels: the largest move of an edge of the window from one path to the other. */
  distance: number;
}

/** Two windows further apart than this share of the source width read as different crops. */
export const PATH_DIFFERENCE_SHARE = 0.05;

/**
 * The spans of [first, last] where the crop windows of `a` and `b` differ by more than
 * PATH_DIFFERENCE_SHARE of the source width (any edge), after each file's smoothing.
 */
export function pathDifferences(
  a: KeyframeFile,
  b: KeyframeFile,
  first: number,
  last: number,
): PathDifference[] {
  const pa = smoothKeyframeFile(a);
  const pb = smoothKeyframeFile(b);
  const threshold = PATH_DIFFERENCE_SHARE * a.input_width;
  const spans: PathDifference[] = [];
  let open: PathDifference | null = null;
  for (let frame = first; frame <= last; frame++) {
    const wa = cropWindowAt(pa, frame);
    const wb = cropWindowAt(pb, frame);
    const distance = Math.max(
      Math.abs(wa.x - wb.x),
      Math.abs(wa.y - wb.y),
      Math.abs(wa.x + wa.width - wb.x - wb.width),
      Math.abs(wa.y + wa.height - wb.y - wb.height),
    );
    if (distance > threshold) {
      if (open) {
        open.end = frame;
        open.distance = Math.max(open.distance, distance);
      } else {
        open = { start: frame, end: frame, distance };
        spans.push(open);
      }
    } else open = null;
  }
  return spans;
}

/** The crop window's horizontal centre at frames first, first+step, ... (for drawing a path). */
export function cropCentres(
  file: KeyframeFile,
  first: number,
  last: number,
  step: number,
): { frame: number; x: number }[] {
  const path = smoothKeyframeFile(file);
  const out: { frame: number; x: number }[] = [];
  for (let frame = first; frame <= last; frame += Math.max(1, step)) {
    const w = cropWindowAt(path, frame);
    out.push({ frame, x: w.x + w.width / 2 });
  }
  return out;
}
