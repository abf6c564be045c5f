// The keyframe file of the vertical tool and the one crop model every side uses: the
// server validates files with it, the render worker crops with it, the browser draws with it.
// Frames are source-video frame numbers; pixels are source pixels.
import { z } from 'zod';

/** x, y: the top-left corner of the object's rect at that frame (its size stays that of `rect`). */
export interface Keyframe {
  frame: number;
  x: number;
  y: number;
  /** 'manual' when made by the user. */
  status?: string;
}
export interface KeyframeObject {
  object_id: number;
  /** [x, y, width, height]; x, y is where the object sits when it has no keyframes. */
  rect: [x: number, y: number, w: number, h: number];
  /** Sorted by frame, one per frame, all inside the group. */
  keyframes: Keyframe[];
}
/** A scene span; end_frame is inclusive. */
export interface KeyframeGroup {
  group_id: number;
  start_frame: number;
  end_frame: number;
  objects: KeyframeObject[];
}
export interface KeyframeFile {
  grid_manager_ver: string;
  fps: number;
  input_width: number;
  input_height: number;
  output_vertical_width: number;
  output_vertical_height: number;
  /** Sorted, contiguous, non-overlapping; they cover the rendered range. */
  groups: KeyframeGroup[];
  /**
   * How much the render smooths the objects' paths, in seconds either side of a frame (0 or absent: the
   * path runs straight between keyframes). The console's own addition; smoothKeyframeFile applies it.
   */
  smoothing_seconds?: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FrameSize {
  width: number;
  height: number;
}
export interface KeyframeProblem {
  /** Path of the value at fault, e.g. 'groups.1.start_frame'. */
  field: string;
  message: string;
}

// ---------------------------------------------------------------- schema: shape and bounds

/** Bounds of a file a client may send; what depends on the video is checked by validateKeyframeFile. */
export const KEYFRAME_FILE_LIMITS = {
  maxFps: 120,
  minSize: 2,
  maxSize: 8192,
  maxGroups: 2000,
  maxObjectsPerGroup: 2000,
  maxKeyframesPerObject: 2000,
  /** 24 h at 120 fps. */
  maxFrame: 24 * 3600 * 120,
  /** Past two seconds either side a smoothed path no longer follows anything. */
  maxSmoothingSeconds: 2,
} as const;

const L = KEYFRAME_FILE_LIMITS;
const size = z.number().int().min(L.minSize).max(L.maxSize);
const evenSize = size.refine((v) => v % 2 === 0, 'must be even');
const frame = z.number().int().min(0).max(L.maxFrame);
const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
// Positions may lie outside the frame here (the video check says so with the field at fault).
const coordinate = z
  .number()
  .int()
  .min(-L.maxSize)
  .max(2 * L.maxSize);

const keyframeSchema = z.object({
  frame,
  x: coordinate,
  y: coordinate,
  status: z.string().max(20).optional(),
});

const objectSchema = z.object({
  object_id: id,
  rect: z.tuple([
    coordinate,
    coordinate,
    z.number().int().min(1).max(L.maxSize),
    z.number().int().min(1).max(L.maxSize),
  ]),
  keyframes: z.array(keyframeSchema).max(L.maxKeyframesPerObject),
});

const groupSchema = z.object({
  group_id: id,
  start_frame: frame,
  end_frame: frame,
  objects: z.array(objectSchema).max(L.maxObjectsPerGroup),
});

/** Shape and bounds only; run validateKeyframeFile against the video after it. */
export const keyframeFileSchema: z.ZodType<KeyframeFile> = z.object({
  grid_manager_ver: z.string().trim().min(1).max(20),
  fps: z.number().min(1).max(L.maxFps),
  input_width: size,
  input_height: size,
  output_vertical_width: evenSize,
  output_vertical_height: evenSize,
  groups: z.array(groupSchema).max(L.maxGroups),
  smoothing_seconds: z.number().min(0).max(L.maxSmoothingSeconds).optional(),
});

// ---------------------------------------------------------------- checks against the video

export interface VideoFacts {
  width: number;
  height: number;
  frameCount: number;
}

/**
 * Every problem of a file (one that passed keyframeFileSchema) against the real video: the input size is
 * the video's; at least one group; groups sorted, contiguous and non-overlapping inside [0, frameCount-1];
 * group ids unique, object ids unique per group; rects and keyframe positions inside the frame;
 * keyframes inside their group, sorted and one per frame. Empty when the file is good.
 */
export function validateKeyframeFile(file: KeyframeFile, video: VideoFacts): KeyframeProblem[] {
  const problems: KeyframeProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const { width: W, height: H } = video;
  const lastFrame = video.frameCount - 1;

  if (file.input_width !== W) add('input_width', `must be the video's width (${W})`);
  if (file.input_height !== H) add('input_height', `must be the video's height (${H})`);
  if (file.groups.length === 0) add('groups', 'must hold at least one group');

  const groupIds = new Set<number>();
  file.groups.forEach((group, g) => {
    const at = `groups.${g}`;
    if (groupIds.has(group.group_id)) add(`${at}.group_id`, `repeats group id ${group.group_id}`);
    groupIds.add(group.group_id);

    const previous = file.groups[g - 1];
    if (previous && group.start_frame !== previous.end_frame + 1) {
      add(`${at}.start_frame`, `must be ${previous.end_frame + 1}, the frame after the previous group`);
    }
    if (group.start_frame > lastFrame) {
      add(`${at}.start_frame`, `must be at most ${lastFrame}, the last frame of the video`);
    }
    if (group.end_frame < group.start_frame) add(`${at}.end_frame`, 'must not be before start_frame');
    else if (group.end_frame > lastFrame) {
      add(`${at}.end_frame`, `must be at most ${lastFrame}, the last frame of the video`);
    }

    const objectIds = new Set<number>();
    group.objects.forEach((object, o) => {
      const ot = `${at}.objects.${o}`;
      if (objectIds.has(object.object_id)) add(`${ot}.object_id`, `repeats object id ${object.object_id}`);
      objectIds.add(object.object_id);

      const [x, y, w, h] = object.rect;
      const fits = (px: number, py: number) => px >= 0 && py >= 0 && px + w <= W && py + h <= H;
      if (!fits(x, y)) add(`${ot}.rect`, `must lie inside the ${W}x${H} frame`);

      object.keyframes.forEach((key, k) => {
        const kt = `${ot}.keyframes.${k}`;
        const before = object.keyframes[k - 1];
        if (key.frame < group.start_frame || key.frame > group.end_frame) {
          add(`${kt}.frame`, `must be inside its group (${group.start_frame}-${group.end_frame})`);
        } else if (before && key.frame <= before.frame) {
          add(`${kt}.frame`, `must come after the previous keyframe (${before.frame})`);
        }
        if (!fits(key.x, key.y)) add(kt, `puts the ${w}x${h} object outside the ${W}x${H} frame`);
      });
    });
  });
  return problems;
}

// ---------------------------------------------------------------- the crop model

/** Number of frames of a video of that duration (the last frame is frameCount - 1). */
export function frameCountOf(durationSeconds: number, fps: number): number {
  return Math.max(0, Math.round(durationSeconds * fps));
}

/** The group whose span holds the frame (groups are sorted and contiguous: binary search). */
export function groupAtFrame(file: KeyframeFile, frame: number): KeyframeGroup | undefined {
  let lo = 0;
  let hi = file.groups.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const group = file.groups[mid]!;
    if (frame < group.start_frame) hi = mid - 1;
    else if (frame > group.end_frame) lo = mid + 1;
    else return group;
  }
  return undefined;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** Top-left of the object at a frame: linear between keyframes, held before the first and after the last. */
export function objectPositionAt(object: KeyframeObject, frame: number): { x: number; y: number } {
  const keys = object.keyframes;
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (!first || !last) return { x: object.rect[0], y: object.rect[1] };
  if (frame <= first.frame) return { x: first.x, y: first.y };
  if (frame >= last.frame) return { x: last.x, y: last.y };
  // The last keyframe at or before the frame; the next one is after it.
  let lo = 0;
  let hi = keys.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]!.frame <= frame) lo = mid;
    else hi = mid;
  }
  const a = keys[lo]!;
  const b = keys[hi]!;
  const t = (frame - a.frame) / (b.frame - a.frame);
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}

/** The object's rect at a frame (interpolated, see objectPositionAt), clamped inside the frame. */
export function objectRectAt(object: KeyframeObject, frame: number, frameSize: FrameSize): Rect {
  const { x, y } = objectPositionAt(object, frame);
  const width = Math.min(object.rect[2], frameSize.width);
  const height = Math.min(object.rect[3], frameSize.height);
  return {
    x: clamp(x, 0, frameSize.width - width),
    y: clamp(y, 0, frameSize.height - height),
    width,
    height,
  };
}

/** Width and height (integers, at most the frame's) of the output aspect, as tall as `height` allows. */
function outputWindowSize(file: KeyframeFile, wantedHeight: number): { width: number; height: number } {
  const aspect = file.output_vertical_width / file.output_vertical_height;
  const W = file.input_width;
  const H = file.input_height;
  // Rounded up: a window rounded down would be up to half a pixel times the aspect too narrow for the
  // objects it must hold.
  let height = clamp(Math.ceil(wantedHeight - 1e-9), 1, H);
  let width = Math.round(height * aspect);
  if (width > W) {
    // Only an output wider than the source's shape gets here: then the width is the limit.
    width = W;
    height = clamp(Math.round(W / aspect), 1, H);
  }
  return { width: Math.max(1, width), height };
}

/** A window of the given size centred on (cx, cy), moved inside the frame. */
function placeWindow(
  file: KeyframeFile,
  size: { width: number; height: number },
  cx: number,
  cy: number,
): Rect {
  return {
    x: clamp(Math.round(cx - size.width / 2), 0, file.input_width - size.width),
    y: clamp(Math.round(cy - size.height / 2), 0, file.input_height - size.height),
    ...size,
  };
}

/** The full-height window of the output aspect, centred in the frame (the crop with nothing to follow). */
export function fullHeightWindow(file: KeyframeFile): Rect {
  const size = outputWindowSize(file, file.input_height);
  return placeWindow(file, size, file.input_width / 2, file.input_height / 2);
}

/**
 * The source window the render crops at a frame (integers): the union of the group's objects' rects,
 * grown around its centre to the output aspect, shrunk to fit the input height when taller, moved inside
 * the frame. With no group or no objects at the frame: the full-height window centred in the frame.
 */
export function cropWindowAt(file: KeyframeFile, frame: number): Rect {
  const group = groupAtFrame(file, frame);
  if (!group || group.objects.length === 0) return fullHeightWindow(file);
  const frameSize = { width: file.input_width, height: file.input_height };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const object of group.objects) {
    const r = objectRectAt(object, frame, frameSize);
    left = Math.min(left, r.x);
    top = Math.min(top, r.y);
    right = Math.max(right, r.x + r.width);
    bottom = Math.max(bottom, r.y + r.height);
  }
  const aspect = file.output_vertical_width / file.output_vertical_height;
  const unionHeight = bottom - top;
  const size = outputWindowSize(file, Math.max(unionHeight, (right - left) / aspect));
  return placeWindow(file, size, (left + right) / 2, (top + bottom) / 2);
}
