// ffmpeg and ffprobe as the worker runs them: the binaries the demo seed ships, no shell, local files
// only, sources read as MP4 only, progress read from `-progress pipe:1`, and a short error (the end of
// stderr) on failure.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { ffmpegPath, ffprobePath } from '@hc/db/seed/media';

export interface VideoProbe {
  width: number;
  height: number;
  /** Frames per second of the video stream (its average rate). */
  fps: number;
  /** The container's frame count when it has one, else duration times rate. */
  frameCount: number;
  durationSeconds: number;
  /** Where the video's first frame sits on the file's timeline (ffmpeg's 0 is the earliest stream's start). */
  videoStartSeconds: number;
  hasAudio: boolean;
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
    start_time?: string;
  }[];
  format?: { duration?: string; start_time?: string };
}

const PROBE_TIMEOUT_MS = 30_000;

/** '30000/1001' -> 29.97; 0 when not a rate. */
const rateOf = (text: string | undefined) => {
  const [n, d] = (text ?? '').split('/').map(Number);
  const rate = d ? n! / d : Number(n);
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
};

/** ffprobe of a local file's first video stream and whether it has audio; null when it holds no video. */
export function probeVideo(file: string): Promise<VideoProbe | null> {
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-show_entries',
    'stream=codec_type,width,height,avg_frame_rate,r_frame_rate,nb_frames,duration,start_time:format=duration,start_time',
    '-print_format',
    'json',
    // Sources are MP4: only that demuxer reads them, so a playlist or concat list named .mp4 names nothing.
    '-f',
    'mp4',
    `file:${file}`,
  ];
  return new Promise((resolve) => {
    execFile(ffprobePath(), args, { timeout: PROBE_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      if (error) return resolve(null);
      try {
        const info = JSON.parse(stdout) as ProbeJson;
        const video = info.streams?.find((s) => s.codec_type === 'video');
        const fps = rateOf(video?.avg_frame_rate) || rateOf(video?.r_frame_rate);
        const width = video?.width ?? 0;
        const height = video?.height ?? 0;
        const durationSeconds = Number(video?.duration ?? info.format?.duration ?? 0);
        const frames = Number(video?.nb_frames ?? 0);
        const frameCount =
          Number.isInteger(frames) && frames > 0 ? frames : Math.round(durationSeconds * fps);
        const start = (value: string | undefined) => (Number.isFinite(Number(value)) ? Number(value) : 0);
        const videoStartSeconds = Math.max(0, start(video?.start_time) - start(info.format?.start_time));
        const usable = width > 0 && height > 0 && fps > 0 && frameCount > 0;
        resolve(
          usable
            ? {
                width,
                height,
                fps,
                frameCount,
                durationSeconds,
                videoStartSeconds,
                hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
              }
            : null,
        );
      } catch {
        resolve(null);
      }
    });
  });
}

export class FfmpegError extends Error {}

/** How much of stderr (characters) is kept for the error message. */
const STDERR_TAIL = 4_000;

/** ffmpeg processes running: a worker process that exits (shutdown timeout, crash) takes them along. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs ffmpeg with `args` (input and output included; -progress is added) and calls `onProgress` with
 * the output time in seconds as it advances. Rejects with the last line of stderr when ffmpeg fails.
 */
export function runFfmpeg(args: string[], onProgress?: (outputSeconds: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    running.add(child);
    let stderr = '';
    let pending = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_ms is in microseconds despite its name.
        const match = /^out_time_ms=(\d+)$/.exec(line.trim());
        if (match && onProgress) onProgress(Number(match[1]) / 1e6);
      }
    });
    child.once('error', (error) => {
      running.delete(child);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').pop()?.trim() || `exit ${code ?? signal}`;
      reject(new FfmpegError(`ffmpeg failed: ${last}`));
    });
  });
}
