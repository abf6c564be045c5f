// The camera's own movement between two frames, and what moves against it. The camera is found by
// block matching the whole picture: the shift that best lines the two frames up, searched coarse to
// fine and refined below a pixel. Each pixel's cost is capped, so a moving subject (a minority of the
// picture) cannot pull the match towards its own motion. What still differs after the picture is
// lined up is motion of its own: the subject's evidence.
import { halve, sample, type GrayImage } from './image.ts';

export interface Shift {
  /** cur(x, y) is about prev(x - dx, y - dy). */
  dx: number;
  dy: number;
}

/** A difference above this (grey levels) is one that counts as fully different in the match. */
const COST_CAP = 24;

/** Mean capped difference of cur against prev shifted by (dx, dy), over the part both cover. */
function cost(prev: GrayImage, cur: GrayImage, dx: number, dy: number, margin: number, step: number): number {
  const { width, height } = cur;
  let sum = 0;
  let n = 0;
  for (let y = margin; y < height - margin; y += step) {
    const py = y - dy;
    for (let x = margin; x < width - margin; x += step) {
      const px = x - dx;
      const d = Math.abs(cur.data[y * width + x]! - prev.data[py * width + px]!);
      sum += d < COST_CAP ? d : COST_CAP;
      n++;
    }
  }
  return n > 0 ? sum / n : Infinity;
}

/** Offset in (-0.5, 0.5) of the minimum of a parabola through three costs at -1, 0, +1. */
function vertex(left: number, centre: number, right: number): number {
  const curvature = left - 2 * centre + right;
  if (!(curvature > 1e-9)) return 0;
  return Math.max(-0.5, Math.min(0.5, (left - right) / (2 * curvature)));
}

/**
 * The global shift from prev to cur (same size), searched within `range` pixels each way: exhaustive
 * at half size, then the neighbours of the best at full size, then a parabola through the costs.
 */
export function globalShift(prev: GrayImage, cur: GrayImage, range: number): Shift {
  const coarsePrev = halve(prev);
  const coarseCur = halve(cur);
  const coarseRange = Math.max(1, Math.ceil(range / 2));
  let best = { dx: 0, dy: 0, c: Infinity };
  for (let dy = -coarseRange; dy <= coarseRange; dy++) {
    for (let dx = -coarseRange; dx <= coarseRange; dx++) {
      // Ties go to the smaller shift: a flat picture is a still camera.
      const c = cost(coarsePrev, coarseCur, dx, dy, coarseRange, 1) + 1e-6 * (dx * dx + dy * dy);
      if (c < best.c) best = { dx, dy, c };
    }
  }
  const margin = 2 * coarseRange + 2;
  const at = (dx: number, dy: number) => cost(prev, cur, dx, dy, margin, 1);
  let fine = { dx: 2 * best.dx, dy: 2 * best.dy, c: Infinity };
  for (let dy = fine.dy - 1; dy <= fine.dy + 1; dy++) {
    for (let dx = fine.dx - 1; dx <= fine.dx + 1; dx++) {
      const c = at(dx, dy) + 1e-6 * (dx * dx + dy * dy);
      if (c < fine.c) fine = { dx, dy, c };
    }
  }
  const c0 = at(fine.dx, fine.dy);
  return {
    dx: fine.dx + vertex(at(fine.dx - 1, fine.dy), c0, at(fine.dx + 1, fine.dy)),
    dy: fine.dy + vertex(at(fine.dx, fine.dy - 1), c0, at(fine.dx, fine.dy + 1)),
  };
}

/**
 * |cur(x, y) - other(x - dx, y - dy)| for every pixel of cur, `other` sampled between pixels, summed
 * over the planes given (luma, and the colour planes when given); NaN where the shifted `other` does
 * not cover the pixel. With a tolerance of t pixels, the difference is the smallest over the shifts
 * within t of (dx, dy): on a busy ground a fraction of a pixel of misalignment (the camera's shift is
 * an estimate, and scaling blurs a pan's sub-pixel steps differently) makes every edge differ, while
 * something moving of its own finds no match nearby.
 */
export function residual(
  other: GrayImage | GrayImage[],
  cur: GrayImage | GrayImage[],
  shift: Shift,
  tolerance = 0,
): Float32Array {
  const others = Array.isArray(other) ? other : [other];
  const curs = Array.isArray(cur) ? cur : [cur];
  const { width, height } = curs[0]!;
  // Each plane of `other` lined up with cur.
  const warped = others.map((from) => {
    const out = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) out[y * width + x] = sample(from, x - shift.dx, y - shift.dy);
    }
    return out;
  });
  // Smallest difference over the shifts within the tolerance, one shift at a time over the whole
  // picture (a NaN, not covered, never wins; a pixel nothing covers stays NaN).
  const out = new Float32Array(width * height).fill(Infinity);
  const planes = curs.map((c) => c.data);
  for (let oy = -tolerance; oy <= tolerance; oy++) {
    for (let ox = -tolerance; ox <= tolerance; ox++) {
      const offset = oy * width + ox;
      for (let y = Math.max(0, -oy); y < Math.min(height, height - oy); y++) {
        const x0 = Math.max(0, -ox);
        const x1 = Math.min(width, width - ox);
        const start = y * width + x0;
        const end = y * width + x1;
        if (planes.length === 3) {
          // Luma and both colour planes, written out: the engine's hot loop.
          const [c0, c1, c2] = planes as [Float32Array, Float32Array, Float32Array];
          const [w0, w1, w2] = warped as [Float32Array, Float32Array, Float32Array];
          for (let i = start; i < end; i++) {
            const j = i + offset;
            const d = Math.abs(c0[i]! - w0[j]!) + Math.abs(c1[i]! - w1[j]!) + Math.abs(c2[i]! - w2[j]!);
            if (d < out[i]!) out[i] = d;
          }
          continue;
        }
        for (let i = start; i < end; i++) {
          let d = 0;
          for (let k = 0; k < planes.length; k++) d += Math.abs(planes[k]![i]! - warped[k]![i + offset]!);
          if (d < out[i]!) out[i] = d;
        }
      }
    }
  }
  for (let i = 0; i < out.length; i++) if (out[i] === Infinity) out[i] = Number.NaN;
  return out;
}
