// From a smooth camera path to the keyframe file the editor, the render and the API already take: one
// group a shot, one object a group whose rect is the 9:16 window itself (so the crop the render derives
// from it is exactly that window), and only the keyframes that matter. The render moves linearly
// between keyframes, so a keyframe is needed only where the straight line between its neighbours would
// stray from the path by more than a tolerance (Ramer-Douglas-Peucker on the path).
import {
  objectPositionAt,
  type Keyframe,
  type KeyframeFile,
  type KeyframeGroup,
} from '@hc/shared/vertical/keyframe-file';
import type { CameraMode } from './path.ts';

export const GRID_MANAGER_VERSION = '2.0';
export const OUTPUT_VERTICAL = { width: 1080, height: 1920 } as const;

export interface VideoGeometry {
  width: number;
  height: number;
  fps: number;
}

/** The largest window of the output aspect the source holds (full height on a horizontal source). */
export function windowSize(
  video: VideoGeometry,
  output = OUTPUT_VERTICAL,
): { width: number; height: number } {
  const aspect = output.width / output.height;
  let height = video.height;
  let width = Math.round(height * aspect);
  if (width > video.width) {
    width = video.width;
    height = Math.min(video.height, Math.round(width / aspect));
  }
  return { width, height };
}

/** Indices of the points to keep so that linear interpolation between them stays within `tolerance`. */
export function thin(values: number[], tolerance: number): number[] {
  if (values.length <= 2) return values.map((_, i) => i);
  const keep = new Uint8Array(values.length);
  keep[0] = 1;
  keep[values.length - 1] = 1;
  const stack: [number, number][] = [[0, values.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    let worst = -1;
    let worstAt = -1;
    for (let i = a + 1; i < b; i++) {
      const line = values[a]! + ((i - a) / (b - a)) * (values[b]! - values[a]!);
      const d = Math.abs(values[i]! - line);
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worst > tolerance) {
      keep[worstAt] = 1;
      stack.push([a, worstAt], [worstAt, b]);
    }
  }
  const out: number[] = [];
  keep.forEach((k, i) => k && out.push(i));
  return out;
}

export interface PlannedShot {
  start: number;
  /** Inclusive. */
  end: number;
  mode: CameraMode;
  /** Window centre x per frame from start to end. */
  centres: number[];
}

/**
 * The keyframe file of planned shots (sorted, contiguous). `tolerance` is the largest distance, in
 * source pixels, between the written path and the planned one.
 */
export function keyframeFileOf(
  video: VideoGeometry,
  shots: PlannedShot[],
  tolerance: number,
  output = OUTPUT_VERTICAL,
): KeyframeFile {
  const win = windowSize(video, output);
  const y = Math.round((video.height - win.height) / 2);
  const groups: KeyframeGroup[] = shots.map((shot, g) => {
    const lefts = shot.centres.map((c) =>
      Math.min(Math.max(Math.round(c - win.width / 2), 0), video.width - win.width),
    );
    const keyframes: Keyframe[] = thin(lefts, tolerance).map((i) => ({
      frame: shot.start + i,
      x: lefts[i]!,
      y,
    }));
    return {
      group_id: g + 1,
      start_frame: shot.start,
      end_frame: shot.end,
      objects: [{ object_id: 1, rect: [lefts[0] ?? 0, y, win.width, win.height], keyframes }],
    };
  });
  return {
    grid_manager_ver: GRID_MANAGER_VERSION,
    fps: video.fps,
    input_width: video.width,
    input_height: video.height,
    output_vertical_width: output.width,
    output_vertical_height: output.height,
    groups,
  };
}

/**
 * `part` (groups covering [from, to]) put in place of that span of `base`: base groups cut at the
 * span's edges keep their path up to the edge (a keyframe on the edge holds the place the
 * path had there). Groups are numbered again in order.
 */
export function spliceGroups(base: KeyframeFile, part: KeyframeFile): KeyframeFile {
  const from = part.groups[0]?.start_frame;
  const to = part.groups[part.groups.length - 1]?.end_frame;
  if (from === undefined || to === undefined) return base;
  const cut = (group: KeyframeGroup, start: number, end: number): KeyframeGroup => ({
    ...group,
    start_frame: start,
    end_frame: end,
    objects: group.objects.map((object) => {
      const inside = object.keyframes.filter((k) => k.frame >= start && k.frame <= end);
      const edge = (frame: number): Keyframe[] => {
        if (object.keyframes.length === 0 || inside.some((k) => k.frame === frame)) return [];
        const p = objectPositionAt(object, frame);
        return [{ frame, x: Math.round(p.x), y: Math.round(p.y) }];
      };
      const keyframes = [...edge(start), ...inside, ...edge(end)];
      return { ...object, keyframes };
    }),
  });
  const before = base.groups
    .filter((g) => g.start_frame < from)
    .map((g) => cut(g, g.start_frame, Math.min(g.end_frame, from - 1)));
  const after = base.groups
    .filter((g) => g.end_frame > to)
    .map((g) => cut(g, Math.max(g.start_frame, to + 1), g.end_frame));
  const groups = [...before, ...part.groups, ...after].map((g, i) => ({ ...g, group_id: i + 1 }));
  return { ...base, groups };
}
