// Builds keyframe files that follow a moving object of a demo source clip: one group per
// scene, a 9:16 crop rectangle centred on the object every ~12 frames, clamped to the frame.
import type { KeyframeFileData, KeyframeGroup } from '../schema/vertical.ts';
import type { DemoClip } from './media.ts';

export const KEYFRAME_STEP = 12;
export const GRID_MANAGER_VERSION = '2.0';
export const OUTPUT_VERTICAL = { width: 1080, height: 1920 } as const;

/** A jump of the followed objects larger than this between two frames is a scene cut. */
const CUT_JUMP_PX = 40;

/** First frames of the scenes after the first, found where a track jumps between two frames. */
export function sceneCuts(clip: DemoClip): number[] {
  const frames = Math.round(clip.durationSeconds * clip.fps);
  const cuts: number[] = [];
  for (let f = 1; f < frames; f++) {
    const jumped = clip.tracks.some((track) => {
      const a = track.at((f - 1) / clip.fps);
      const b = track.at(f / clip.fps);
      return Math.hypot(b.x - a.x, b.y - a.y) > CUT_JUMP_PX;
    });
    if (jumped) cuts.push(f);
  }
  return cuts;
}

export interface CropPlan {
  /** Seconds in the source. */
  startTime: number;
  endTime: number;
  /** Which moving object to follow. */
  track: number;
  /** Crop height as a share of the source height (1 = full height). */
  heightShare: number;
  /** Horizontal offset from the object's centre, pixels (a deliberately imperfect suggestion). */
  offsetX: number;
  /** Mark keyframes as made by the user. */
  manual?: boolean;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/** A keyframe file following `plan.track` through the frames of [startTime, endTime]. */
export function buildKeyframeFile(clip: DemoClip, plan: CropPlan, cuts = sceneCuts(clip)): KeyframeFileData {
  const track = clip.tracks[plan.track] ?? clip.tracks[0];
  if (!track) throw new Error(`${clip.key}: no moving object to follow`);
  const lastFrame = Math.round(clip.durationSeconds * clip.fps) - 1;
  const startFrame = clamp(Math.round(plan.startTime * clip.fps), 0, lastFrame);
  const endFrame = clamp(Math.round(plan.endTime * clip.fps) - 1, startFrame, lastFrame);
  const h = even(clip.height * plan.heightShare);
  const w = even((h * 9) / 16);

  const rectAt = (frame: number): [number, number] => {
    const c = track.at(frame / clip.fps);
    return [
      Math.round(clamp(c.x + plan.offsetX - w / 2, 0, clip.width - w)),
      Math.round(clamp(c.y - h / 2, 0, clip.height - h)),
    ];
  };

  const starts = [startFrame, ...cuts.filter((f) => f > startFrame && f <= endFrame)];
  const groups: KeyframeGroup[] = starts.map((groupStart, i) => {
    const groupEnd = i + 1 < starts.length ? starts[i + 1]! - 1 : endFrame;
    const frames: number[] = [];
    for (let f = groupStart; f < groupEnd; f += KEYFRAME_STEP) frames.push(f);
    frames.push(groupEnd);
    const keyframes = frames.map((frame) => {
      const [x, y] = rectAt(frame);
      return plan.manual ? { frame, x, y, status: 'manual' } : { frame, x, y };
    });
    const [x0, y0] = rectAt(groupStart);
    return {
      group_id: i + 1,
      start_frame: groupStart,
      end_frame: groupEnd,
      objects: [{ object_id: 1, rect: [x0, y0, w, h], keyframes }],
    };
  });

  return {
    grid_manager_ver: GRID_MANAGER_VERSION,
    fps: clip.fps,
    input_width: clip.width,
    input_height: clip.height,
    output_vertical_width: OUTPUT_VERTICAL.width,
    output_vertical_height: OUTPUT_VERTICAL.height,
    groups,
  };
}
