// The images the engine reads: small frames ffmpeg has already decoded and scaled (rawvideo rgb24),
// and the grey planes made from them. Pixels are row-major, no padding.

/** rgb24: three bytes a pixel. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** One float a pixel (0..255), so warped and averaged values keep their fractions. */
export interface GrayImage {
  width: number;
  height: number;
  data: Float32Array;
}

/** Luma (BT.601 weights): what motion and detail are measured on. */
export function toGray(image: RgbImage): GrayImage {
  const { width, height, data } = image;
  const out = new Float32Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3) {
    out[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  }
  return { width, height, data: out };
}

/**
 * The colour-difference planes (BT.601 Cb and Cr, centred on 0): a subject may differ from its
 * background in colour far more than in brightness (red on grey has about the same luma).
 */
export function toChroma(image: RgbImage): [GrayImage, GrayImage] {
  const { width, height, data } = image;
  const cb = new Float32Array(width * height);
  const cr = new Float32Array(width * height);
  for (let i = 0, p = 0; i < cb.length; i++, p += 3) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    cb[i] = -0.169 * r - 0.331 * g + 0.5 * b;
    cr[i] = 0.5 * r - 0.419 * g - 0.081 * b;
  }
  return [
    { width, height, data: cb },
    { width, height, data: cr },
  ];
}

/** Half size by 2x2 averaging (odd last row/column dropped): the coarse level of the motion search. */
export function halve(image: GrayImage): GrayImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const out = new Float32Array(width * height);
  const src = image.data;
  const w = image.width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * w + 2 * x;
      out[y * width + x] = (src[i]! + src[i + 1]! + src[i + w]! + src[i + w + 1]!) / 4;
    }
  }
  return { width, height, data: out };
}

/** The value at a fractional position (bilinear), or NaN outside the image. */
export function sample(image: GrayImage, x: number, y: number): number {
  const { width, height, data } = image;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return Number.NaN;
  const x0 = Math.min(Math.floor(x), width - 2);
  const y0 = Math.min(Math.floor(y), height - 2);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const top = data[i]! + fx * (data[i + 1]! - data[i]!);
  const bottom = data[i + width]! + fx * (data[i + width + 1]! - data[i + width]!);
  return top + fy * (bottom - top);
}
