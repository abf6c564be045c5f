// Frame arithmetic of the vertical player and the frame editor: frame n of a constant-rate video is shown
// from n / fps to (n + 1) / fps, so the frame on screen at time t is floor(t * fps). Keyframe files count
// frames from 0 at the start of the source video.

/** Absorbs the float error of times that sit exactly on a frame boundary (2.0 s * 25 = 49.99999...). */
const BOUNDARY_EPSILON = 1e-3;

/** The frame shown at `seconds` (0 before the start; 0 for a bad fps). */
export function frameAtTime(seconds: number, fps: number): number {
  if (!Number.isFinite(seconds) || !Number.isFinite(fps) || fps <= 0 || seconds <= 0) return 0;
  return Math.floor(seconds * fps + BOUNDARY_EPSILON);
}

/**
 * The first frame of a time range starting at `seconds`, as the server and the keyframe files count it
 * (framesOfRange of @hc/shared/api/vertical rounds): where a suggestion's first box is drawn.
 */
export function rangeStartFrame(seconds: number, fps: number): number {
  if (!Number.isFinite(seconds) || !Number.isFinite(fps) || fps <= 0 || seconds <= 0) return 0;
  return Math.round(seconds * fps);
}

/** The time to seek to for showing `frame`: the middle of its display span, away from both boundaries. */
export function timeOfFrame(frame: number, fps: number): number {
  if (!Number.isFinite(fps) || fps <= 0) return 0;
  return (Math.max(0, Math.floor(frame)) + 0.5) / fps;
}

/** Seconds as 'm:ss.s' (a suggestion's start and end in the source video). */
export function formatVideoTime(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
