// What a keyframe file is checked against: the real width, height, frame rate and frame count of the
// task's source video. Read once with ffprobe from the media store (no shell, local files only, a time
// limit) and kept on the task; a task imported with these facts is never probed.
import path from 'node:path';
import { probeVideo } from '@hc/media/ffmpeg';
import type { TaskRow } from './repo.ts';

export interface SourceVideoFacts {
  width: number;
  height: number;
  fps: number;
  frameCount: number;
}

/** The facts stored on the task, when it has them all. */
export function storedFacts(task: TaskRow): SourceVideoFacts | null {
  const { sourceWidth: width, sourceHeight: height, sourceFps: fps, sourceFrameCount: frameCount } = task;
  if (width === null || height === null || fps === null || frameCount === null) return null;
  return { width, height, fps, frameCount };
}

/**
 * The facts of a file under the media folder, by the worker's own ffprobe (what the render will see);
 * null when the path leaves the folder or no video can be read from it.
 */
export async function probeSourceVideo(
  mediaDir: string,
  relativePath: string,
): Promise<SourceVideoFacts | null> {
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, relativePath);
  if (!file.startsWith(root + path.sep)) return null;
  const probe = await probeVideo(file);
  return probe && { width: probe.width, height: probe.height, fps: probe.fps, frameCount: probe.frameCount };
}
