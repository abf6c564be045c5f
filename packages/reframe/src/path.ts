// The camera of one shot, as AutoFlip chooses it: when everything the subject does fits in the window,
// the camera holds still; when the subject crosses the picture at a steady pace, the camera pans at
// that pace; otherwise it tracks. Tracking is a kinematic solver: the camera does not move while the
// subject stays inside a dead zone around the window's centre, and its speed and acceleration are
// limited, so the path has no jumps and no jitter. Run forward it lags the subject and run backward it
// leads; the mean of the two (still within both limits) neither lags nor leads.
// Positions are the window's centre x in source pixels, one a source frame.

export type CameraMode = 'hold' | 'pan' | 'track';

export interface PathOptions {
  /** The subject may range over this share of the window width and the camera still holds. */
  holdSpan: number;
  /** A pan is taken when a straight line stays within this share of the window width of the subject. */
  panTolerance: number;
  /** Half-width of the dead zone, share of the window width. */
  deadZone: number;
  /** Seconds the camera takes to close a gap (below the speed limit). */
  reaction: number;
  /** Speed limit in frame widths a second. */
  maxVelocity: number;
  /** Acceleration limit in frame widths a second squared. */
  maxAcceleration: number;
}

export const DEFAULT_PATH_OPTIONS: PathOptions = {
  holdSpan: 0.5,
  panTolerance: 0.15,
  deadZone: 0.08,
  reaction: 0.3,
  maxVelocity: 0.6,
  maxAcceleration: 1.5,
};

export interface ShotPath {
  mode: CameraMode;
  /** Window centre x for each frame of the shot. */
  centres: number[];
}

export interface Geometry {
  frameWidth: number;
  windowWidth: number;
  fps: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** Subject x for every frame from `start` to `end` (inclusive): linear between detections, held at the ends. */
export function targetsPerFrame(
  points: { frame: number; x: number }[],
  start: number,
  end: number,
): number[] {
  const out: number[] = [];
  let k = 0;
  for (let f = start; f <= end; f++) {
    while (k + 1 < points.length && points[k + 1]!.frame <= f) k++;
    const a = points[k];
    const b = points[k + 1];
    if (!a) out.push(Number.NaN);
    else if (f <= a.frame || !b) out.push(a.x);
    else out.push(a.x + ((f - a.frame) / (b.frame - a.frame)) * (b.x - a.x));
  }
  return out;
}

function kinematic(targets: number[], g: Geometry, o: PathOptions): number[] {
  const dt = 1 / g.fps;
  const dead = o.deadZone * g.windowWidth;
  const vmax = o.maxVelocity * g.frameWidth;
  const amax = o.maxAcceleration * g.frameWidth;
  const out: number[] = [];
  let p = targets[0]!;
  let v = 0;
  for (const t of targets) {
    const gap = t - p;
    const outside = Math.abs(gap) <= dead ? 0 : gap - Math.sign(gap) * dead;
    const wanted = clamp(outside / o.reaction, -vmax, vmax);
    v += clamp(wanted - v, -amax * dt, amax * dt);
    p += v * dt;
    out.push(p);
  }
  return out;
}

/** Camera mode and path of one shot whose subject is at `targets` (one per frame). */
export function planShot(
  targets: number[],
  g: Geometry,
  options: PathOptions = DEFAULT_PATH_OPTIONS,
): ShotPath {
  const n = targets.length;
  const lo = g.windowWidth / 2;
  const hi = g.frameWidth - g.windowWidth / 2;
  const inside = (xs: number[]) => xs.map((x) => clamp(x, lo, hi));
  if (n === 0) return { mode: 'hold', centres: [] };
  const min = Math.min(...targets);
  const max = Math.max(...targets);
  if (max - min <= options.holdSpan * g.windowWidth) {
    return { mode: 'hold', centres: inside(new Array<number>(n).fill((min + max) / 2)) };
  }
  // Least-squares line through the subject's places.
  const mt = (n - 1) / 2;
  const mx = targets.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  targets.forEach((x, i) => {
    sxy += (i - mt) * (x - mx);
    sxx += (i - mt) ** 2;
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  const line = targets.map((_, i) => mx + slope * (i - mt));
  const worst = Math.max(...targets.map((x, i) => Math.abs(x - line[i]!)));
  const steady = Math.abs(slope) * g.fps <= options.maxVelocity * g.frameWidth;
  if (worst <= options.panTolerance * g.windowWidth && steady) return { mode: 'pan', centres: inside(line) };
  const forward = kinematic(targets, g, options);
  const backward = kinematic([...targets].reverse(), g, options).reverse();
  return { mode: 'track', centres: inside(forward.map((x, i) => (x + backward[i]!) / 2)) };
}
