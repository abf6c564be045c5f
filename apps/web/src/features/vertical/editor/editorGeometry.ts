// Screen geometry of the frame editor: the source frame scaled to fit its box, and the timeline's mapping
// between frames and x. Pure, so the canvas components stay thin and this is tested without a browser.

export interface Size {
  width: number;
  height: number;
}

/** The largest size of `content`'s shape that fits inside `box`, and the scale from content to screen. */
export function fitInside(content: Size, box: Size): Size & { scale: number } {
  if (content.width <= 0 || content.height <= 0 || box.width <= 0 || box.height <= 0) {
    return { width: 0, height: 0, scale: 0 };
  }
  const scale = Math.min(box.width / content.width, box.height / content.height);
  return {
    width: Math.floor(content.width * scale),
    height: Math.floor(content.height * scale),
    scale,
  };
}

/** Where the frames [0, frameCount - 1] lie on the timeline: `left` px of gutter, then `width` px. */
export interface TimelineScale {
  frameCount: number;
  left: number;
  width: number;
}

/** Width of one frame on the timeline (the last frame ends at left + width). */
export const frameWidth = (scale: TimelineScale): number => scale.width / Math.max(1, scale.frameCount);

/** Left edge of a frame's slot. */
export function xOfFrame(scale: TimelineScale, frame: number): number {
  return scale.left + frame * frameWidth(scale);
}

/** Centre of a frame's slot (where its keyframe mark and the playhead sit). */
export function centreOfFrame(scale: TimelineScale, frame: number): number {
  return xOfFrame(scale, frame) + frameWidth(scale) / 2;
}

/** The frame under x, clamped to the video. */
export function frameAtX(scale: TimelineScale, x: number): number {
  const frame = Math.floor((x - scale.left) / frameWidth(scale));
  return Math.min(Math.max(frame, 0), Math.max(0, scale.frameCount - 1));
}

/** Seconds between ruler ticks: the smallest of these that keeps labelled ticks `minGapPx` apart. */
const TICK_STEPS_S = [0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

export function rulerStepSeconds(scale: TimelineScale, fps: number, minGapPx = 64): number {
  const pxPerSecond = frameWidth(scale) * fps;
  return TICK_STEPS_S.find((s) => s * pxPerSecond >= minGapPx) ?? TICK_STEPS_S[TICK_STEPS_S.length - 1]!;
}

/** '0:07.40': minutes, seconds and hundredths, for times in the editor. */
export function formatEditorTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const hundredths = Math.round(safe * 100);
  const m = Math.floor(hundredths / 6000);
  const s = Math.floor((hundredths % 6000) / 100);
  const h = hundredths % 100;
  return `${m}:${String(s).padStart(2, '0')}.${String(h).padStart(2, '0')}`;
}

/** Ruler label: '0:07' on whole seconds, '0:07.5' between them. */
export function formatRulerTime(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const m = Math.floor(tenths / 600);
  const s = Math.floor((tenths % 600) / 10);
  const t = tenths % 10;
  return `${m}:${String(s).padStart(2, '0')}${t ? `.${t}` : ''}`;
}
