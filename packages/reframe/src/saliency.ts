// Per analysed frame, three maps on a coarse grid of cells, each a kind of evidence of where the
// subject is (as AutoFlip's salient-region signals are):
// - motion: what moves against the camera. Three frames are used: a cell counts when it differs from
//   the frame before or the frame after (each lined up for the camera's movement). The difference to
//   one frame alone marks the subject's old place as much as its new one, so its centre lags half a
//   step; old and new place around the frame in the middle sit on both sides of it, so their centre is
//   where the subject is. (Requiring both differences would keep only the subject's edges, and nothing
//   of a subject of one flat colour.)
// - colour contrast: how rare the pixel's colour is in the frame (a subject in a colour of its own);
// - detail: the strength of edges.
// The maps are kept (a few hundred numbers a frame); the subject is placed from them once the shots
// are known (tracker.ts).
import { toChroma, toGray, type GrayImage, type RgbImage } from './image.ts';
import { globalShift, residual, type Shift } from './motion.ts';

export interface SaliencyOptions {
  /** Cell side in analysis pixels. */
  cell: number;
  /** Largest camera movement between analysed frames, as a share of the analysis width. */
  searchRange: number;
  /** Difference (grey levels) below which a pixel is noise, not motion. */
  noise: number;
  /**
   * Mean difference (grey levels) of two lined-up frames above which they do not show the same scene
   * (a cut between them): neither is then compared with the other.
   */
  unrelated: number;
  /**
   * Pixels of slack in the lining up: a pixel moves of its own only when nothing this near in the
   * other frame matches it (a busy ground is never lined up to the exact fraction of a pixel).
   */
  tolerance: number;
}

export const DEFAULT_SALIENCY_OPTIONS: SaliencyOptions = {
  cell: 8,
  searchRange: 0.1,
  noise: 10,
  unrelated: 30,
  tolerance: 1,
};

export interface CellMaps {
  cols: number;
  rows: number;
  /**
   * Mean motion against the camera (grey levels above noise) per cell, row-major, measured against the
   * frame before and against the frame after; null where there is no such frame. Which of them count
   * is decided once the shots are known: across a cut they measure nothing.
   */
  motionBefore: Float32Array | null;
  motionAfter: Float32Array | null;
  /** Mean colour rarity (-log of the colour's share of the frame) per cell. */
  colour: Float32Array;
  /** Mean edge strength per cell. */
  detail: Float32Array;
}

export interface AnalysedFrame {
  /** The source frame the analysed frame shows. */
  sourceFrame: number;
  maps: CellMaps;
  /** The camera's movement since the previous analysed frame (analysis pixels). */
  shift: Shift;
}

interface Pending {
  sourceFrame: number;
  rgb: RgbImage;
  gray: GrayImage;
  /** Luma and the two colour planes, for the residual. */
  planes: GrayImage[];
  /** Residual against the previous frame, lined up; null for the first. */
  before: Float32Array | null;
  shift: Shift;
}

/** Fed the analysis frames in order; `frames` holds the maps of every frame once `finish` ran. */
export class SaliencyAnalyser {
  readonly frames: AnalysedFrame[] = [];
  private pending: Pending | null = null;

  constructor(private readonly options: SaliencyOptions = DEFAULT_SALIENCY_OPTIONS) {}

  push(rgb: RgbImage, sourceFrame: number): void {
    const gray = toGray(rgb);
    const planes = [gray, ...toChroma(rgb)];
    const range = Math.max(2, Math.round(this.options.searchRange * rgb.width));
    const previous = this.pending;
    if (!previous) {
      this.pending = { sourceFrame, rgb, gray, planes, before: null, shift: { dx: 0, dy: 0 } };
      return;
    }
    const shift = globalShift(previous.gray, gray, range);
    const before = residual(previous.planes, planes, shift, this.options.tolerance);
    if (meanOf(before) > this.options.unrelated) {
      this.emit(previous, null);
      this.pending = { sourceFrame, rgb, gray, planes, before: null, shift: { dx: 0, dy: 0 } };
      return;
    }
    // The previous frame against this one: previous(x) is about this(x + shift).
    const after = residual(planes, previous.planes, { dx: -shift.dx, dy: -shift.dy }, this.options.tolerance);
    this.emit(previous, after);
    this.pending = { sourceFrame, rgb, gray, planes, before, shift };
  }

  finish(): void {
    if (this.pending) this.emit(this.pending, null);
    this.pending = null;
  }

  private emit(frame: Pending, after: Float32Array | null): void {
    this.frames.push({
      sourceFrame: frame.sourceFrame,
      shift: frame.shift,
      maps: cellMaps(frame.rgb, frame.gray, frame.before, after, this.options),
    });
  }
}

/** Mean of the numbers that are not NaN (0 when none). */
function meanOf(values: Float32Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) continue; // NaN
    sum += v;
    n++;
  }
  return n > 0 ? sum / n : 0;
}

const COLOUR_LEVELS = 8;

function cellMaps(
  rgb: RgbImage,
  gray: GrayImage,
  before: Float32Array | null,
  after: Float32Array | null,
  options: SaliencyOptions,
): CellMaps {
  const { width, height } = gray;
  const cols = Math.max(1, Math.floor(width / options.cell));
  const rows = Math.max(1, Math.floor(height / options.cell));
  const motionBefore = before ? new Float32Array(cols * rows) : null;
  const motionAfter = after ? new Float32Array(cols * rows) : null;
  const colour = new Float32Array(cols * rows);
  const detail = new Float32Array(cols * rows);
  const counts = new Float32Array(cols * rows);

  // Colour rarity: share of each colour (8 levels a channel) in the frame.
  const bins = new Float32Array(COLOUR_LEVELS ** 3);
  const binOf = new Uint16Array(width * height);
  const q = 256 / COLOUR_LEVELS;
  for (let i = 0, p = 0; i < binOf.length; i++, p += 3) {
    const b =
      (Math.floor(rgb.data[p]! / q) * COLOUR_LEVELS + Math.floor(rgb.data[p + 1]! / q)) * COLOUR_LEVELS +
      Math.floor(rgb.data[p + 2]! / q);
    binOf[i] = b;
    bins[b]! += 1;
  }
  const pixels = width * height;
  const rarity = new Float32Array(bins.length);
  for (let b = 0; b < bins.length; b++) rarity[b] = -Math.log((bins[b]! + 1) / pixels);

  const g = gray.data;
  for (let y = 0; y < rows * options.cell; y++) {
    const row = Math.floor(y / options.cell) * cols;
    for (let x = 0; x < cols * options.cell; x++) {
      const i = y * width + x;
      const cell = row + Math.floor(x / options.cell);
      // A side that does not cover the pixel gives no motion there.
      if (motionBefore) {
        const b = before![i]!;
        if (b > options.noise) motionBefore[cell]! += b - options.noise;
      }
      if (motionAfter) {
        const a = after![i]!;
        if (a > options.noise) motionAfter[cell]! += a - options.noise;
      }
      colour[cell]! += rarity[binOf[i]!]!;
      const gx = x + 1 < width ? g[i + 1]! - g[i]! : 0;
      const gy = y + 1 < height ? g[i + width]! - g[i]! : 0;
      detail[cell]! += Math.abs(gx) + Math.abs(gy);
      counts[cell]! += 1;
    }
  }
  for (let c = 0; c < counts.length; c++) {
    const n = counts[c]! || 1;
    if (motionBefore) motionBefore[c]! /= n;
    if (motionAfter) motionAfter[c]! /= n;
    colour[c]! /= n;
    detail[c]! /= n;
  }
  return { cols, rows, motionBefore, motionAfter, colour, detail };
}
