// Frames drawn in memory for the unit tests: a textured world seen through a moving camera, coloured
// distractor blocks fixed in the world, and a subject square moving in the picture.
import type { RgbImage } from './image.ts';

/** Deterministic texture value of a world position (smooth blobs plus fine grain, 0..255). */
function texture(x: number, y: number, seed: number): number {
  const blobs = Math.sin(x * 0.11 + seed) * Math.cos(y * 0.09 - seed) + Math.sin((x + y) * 0.05 + 2 * seed);
  const grain = ((Math.imul(x | 0, 73856093) ^ Math.imul(y | 0, 19349663) ^ (seed * 83492791)) >>> 0) % 41;
  return Math.max(0, Math.min(255, 110 + 45 * blobs + grain - 20));
}

export interface SceneSpec {
  width: number;
  height: number;
  seed: number;
  /** Camera left edge in world pixels at frame i. */
  camera: (i: number) => number;
  /** Subject centre x in the picture at frame i. */
  subject: (i: number) => number;
  subjectY?: number;
  subjectSize: number;
  /** Distractor blocks: world x, y, size, colour. */
  distractors?: { x: number; y: number; size: number; rgb: [number, number, number] }[];
  /** Squares moving in the picture besides the subject: centre x at frame i, centre y, size, colour. */
  movers?: { x: (i: number) => number; y: number; size: number; rgb: [number, number, number] }[];
  /** The subject's colour; red when not given. */
  subjectRgb?: [number, number, number];
}

/** Frame i, drawn at `scale` times the spec's size (positions scaled alike). */
export function drawFrame(spec: SceneSpec, i: number, scale = 1): RgbImage {
  const width = Math.round(spec.width * scale);
  const height = Math.round(spec.height * scale);
  const data = new Uint8Array(width * height * 3);
  const cam = Math.round(spec.camera(i));
  const sx = spec.subject(i);
  const sy = spec.subjectY ?? spec.height / 2;
  const half = spec.subjectSize / 2;
  for (let py = 0; py < height; py++) {
    const y = Math.floor(py / scale);
    for (let px = 0; px < width; px++) {
      const x = Math.floor(px / scale);
      const p = (py * width + px) * 3;
      const wx = x + cam;
      let rgb: [number, number, number] | null = null;
      for (const d of spec.distractors ?? []) {
        if (wx >= d.x && wx < d.x + d.size && y >= d.y && y < d.y + d.size) rgb = d.rgb;
      }
      for (const m of spec.movers ?? []) {
        if (Math.abs(x + 0.5 - m.x(i)) <= m.size / 2 && Math.abs(y + 0.5 - m.y) <= m.size / 2) rgb = m.rgb;
      }
      if (Math.abs(x + 0.5 - sx) <= half && Math.abs(y + 0.5 - sy) <= half)
        rgb = spec.subjectRgb ?? [230, 40, 40];
      if (rgb) {
        data[p] = rgb[0];
        data[p + 1] = rgb[1];
        data[p + 2] = rgb[2];
      } else {
        const v = texture(wx, y, spec.seed);
        data[p] = v;
        data[p + 1] = v * 0.9 + 10;
        data[p + 2] = v * 0.8 + 20;
      }
    }
  }
  return { width, height, data };
}

/** Box average down to a smaller size (what ffmpeg's area scaler does). */
export function shrink(image: RgbImage, width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  const fx = image.width / width;
  const fy = image.height / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let yy = Math.floor(y * fy); yy < Math.floor((y + 1) * fy); yy++) {
        for (let xx = Math.floor(x * fx); xx < Math.floor((x + 1) * fx); xx++) {
          const p = (yy * image.width + xx) * 3;
          sum[0]! += image.data[p]!;
          sum[1]! += image.data[p + 1]!;
          sum[2]! += image.data[p + 2]!;
          n++;
        }
      }
      const q = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[q + c] = Math.round(sum[c]! / Math.max(1, n));
    }
  }
  return { width, height, data };
}
