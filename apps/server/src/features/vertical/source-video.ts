// What a keyframe file is checked against: the real width, height, frame rate and frame count of the
// task's source video. Read once with ffprobe from the media store (no shell, local files only, a time
// limit) and kept on the task; a task imported with these facts is never probed.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ffprobePath } from '@hc/db/seed/media';
import { frameCountOf } from '@hc/shared/vertical/keyframe-file';
import type { TaskRow } from './repo.ts';

export interface SourceVideoFacts {
  width: number;
  height: number;
  fps: number;
  frameCount: number;
}

interface StreamJson {
  streams?: {
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
  }[];
  format?: { duration?: string };
}

const PROBE_TIMEOUT_MS = 15_000;

/** '30000/1001' -> 29.97; 0 when not a rate. */
const rateOf = (text: string | undefined) => {
  const [n, d] = (text ?? '').split('/').map(Number);
  const rate = d ? n! / d : Number(n);
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
};

/** The facts stored on the task, when it has them all. */
export function storedFacts(task: TaskRow): SourceVideoFacts | null {
  const { sourceWidth: width, sourceHeight: height, sourceFps: fps, sourceFrameCount: frameCount } = task;
  if (width === null || height === null || fps === null || frameCount === null) return null;
  return { width, height, fps, frameCount };
}

/**
 * ffprobe of the first video stream of a file under the media folder; null when the path leaves the
 * folder or ffprobe cannot read a video from it. The frame count is the container's when it has one,
 * else the duration times the rate.
 */
export function probeSourceVideo(mediaDir: string, relativePath: string): Promise<SourceVideoFacts | null> {
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, relativePath);
  if (!file.startsWith(root + path.sep)) return Promise.resolve(null);
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,avg_frame_rate,r_frame_rate,nb_frames,duration:format=duration',
    '-print_format',
    'json',
    `file:${file}`,
  ];
  return new Promise((resolve) => {
    execFile(ffprobePath(), args, { timeout: PROBE_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      if (error) return resolve(null);
      try {
        const info = JSON.parse(stdout) as StreamJson;
        const stream = info.streams?.[0];
        const fps = rateOf(stream?.avg_frame_rate) || rateOf(stream?.r_frame_rate);
        const width = stream?.width ?? 0;
        const height = stream?.height ?? 0;
        const duration = Number(stream?.duration ?? info.format?.duration ?? 0);
        const frames = Number(stream?.nb_frames ?? 0);
        const frameCount = Number.isInteger(frames) && frames > 0 ? frames : frameCountOf(duration, fps);
        resolve(
          width > 0 && height > 0 && fps > 0 && frameCount > 0 ? { width, height, fps, frameCount } : null,
        );
      } catch {
        resolve(null);
      }
    });
  });
}
