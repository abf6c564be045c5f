// The ffmpeg filter of a vertical render: one pass whose crop follows the keyframe file frame by frame.
// cropWindowAt (the one crop model) gives the window of every frame; a sendcmd script changes the crop
// filter's x/y/w/h only when the window changes, and the scale after it makes every frame the output
// size. Nothing is piped through Node: ffmpeg decodes, crops, scales and encodes on its own.
import { cropWindowAt, type KeyframeFile, type Rect } from '@hc/shared/vertical/keyframe-file';

/** The crop filter's instance name, which the commands address. */
export const FOLLOW_CROP_TARGET = 'crop@follow';

export interface FollowCrop {
  /** The window of the first rendered frame: the crop filter's own options. */
  initial: Rect;
  /** sendcmd script (one line per frame whose window differs from the previous frame's); may be empty. */
  commands: string;
  /** How many commands the script holds (x, y, w, h each count). */
  commandCount: number;
}

/**
 * The crop of `frameCount` frames from source frame `firstFrame`, which the filter sees at
 * `firstFrameSeconds`. A frame's commands are timed half a frame before it (frames are at
 * firstFrameSeconds + i / fps), so a timestamp a little off still changes the crop on the right frame.
 */
export function followCrop(
  file: KeyframeFile,
  range: { firstFrame: number; frameCount: number; fps: number; firstFrameSeconds: number },
): FollowCrop {
  const { firstFrame, frameCount, fps, firstFrameSeconds } = range;
  const initial = cropWindowAt(file, firstFrame);
  const lines: string[] = [];
  let commandCount = 0;
  let previous = initial;
  for (let i = 1; i < frameCount; i++) {
    const window = cropWindowAt(file, firstFrame + i);
    const changes: string[] = [];
    if (window.width !== previous.width) changes.push(`${FOLLOW_CROP_TARGET} w ${window.width}`);
    if (window.height !== previous.height) changes.push(`${FOLLOW_CROP_TARGET} h ${window.height}`);
    if (window.x !== previous.x) changes.push(`${FOLLOW_CROP_TARGET} x ${window.x}`);
    if (window.y !== previous.y) changes.push(`${FOLLOW_CROP_TARGET} y ${window.y}`);
    if (changes.length > 0) {
      lines.push(`${(firstFrameSeconds + (i - 0.5) / fps).toFixed(6)} ${changes.join(', ')};`);
      commandCount += changes.length;
    }
    previous = window;
  }
  return { initial, commands: lines.join('\n') + (lines.length ? '\n' : ''), commandCount };
}

/**
 * The video filter: commands from `commandsFile` (a path without filtergraph specials), the crop,
 * then the scale to the output size. The `null` between crop and scale is needed: the crop changes
 * its own output link's size when a command resizes it, so a scale right after it would not see the
 * new size and keep its old context; behind `null` it sees frames of a new size and reconfigures.
 */
export function followCropFilter(
  crop: FollowCrop,
  commandsFile: string | null,
  output: { width: number; height: number },
): string {
  const { x, y, width, height } = crop.initial;
  return [
    ...(commandsFile ? [`sendcmd=f=${commandsFile}`] : []),
    `${FOLLOW_CROP_TARGET}=w=${width}:h=${height}:x=${x}:y=${y}:exact=1`,
    'null',
    `scale=${output.width}:${output.height}:flags=bicubic`,
    'setsar=1',
    'format=yuv420p',
  ].join(',');
}
