// ffmpeg and ffprobe on sources and renders: the shipped binaries, no shell, local files only, sources
// read as MP4 only, progress read from `-progress pipe:1`, and a short error (the end of stderr) on
// failure. Both run under the media-process limits (memory, time, a few at once), like upload probes.
import { ffmpegPath, ffprobePath } from './binaries.ts';
import { renderPool, runMediaProcess, type ProcessLimits, type ProcessPool } from './process-limits.ts';

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

/** '30000/1001' -> 29.97; 0 when not a rate. */
const rateOf = (text: string | undefined) => {
  const [n, d] = (text ?? '').split('/').map(Number);
  const rate = d ? n! / d : Number(n);
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
};

/** ffprobe of a local file's first video stream and whether it has audio; null when it holds no video. */
export async function probeVideo(file: string): Promise<VideoProbe | null> {
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
  const outcome = await runMediaProcess(ffprobePath(), args);
  if (outcome.kind !== 'ok') return null;
  try {
    const info = JSON.parse(outcome.stdout) as ProbeJson;
    const video = info.streams?.find((s) => s.codec_type === 'video');
    const fps = rateOf(video?.avg_frame_rate) || rateOf(video?.r_frame_rate);
    const width = video?.width ?? 0;
    const height = video?.height ?? 0;
    const durationSeconds = Number(video?.duration ?? info.format?.duration ?? 0);
    const frames = Number(video?.nb_frames ?? 0);
    const frameCount = Number.isInteger(frames) && frames > 0 ? frames : Math.round(durationSeconds * fps);
    const start = (value: string | undefined) => (Number.isFinite(Number(value)) ? Number(value) : 0);
    const videoStartSeconds = Math.max(0, start(video?.start_time) - start(info.format?.start_time));
    const usable = width > 0 && height > 0 && fps > 0 && frameCount > 0;
    return usable
      ? {
          width,
          height,
          fps,
          frameCount,
          durationSeconds,
          videoStartSeconds,
          hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
        }
      : null;
  } catch {
    return null;
  }
}

export class FfmpegError extends Error {}

export interface FfmpegOptions extends Partial<ProcessLimits> {
  /** Whose slots the run takes: renders unless said. */
  pool?: ProcessPool;
}

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Runs ffmpeg with `args` (input and output included; -progress is added) under the render limits and
 * calls `onProgress` with the output time in seconds as it advances. Rejects with a FfmpegError that
 * says why: its time limit, no free slot, or the last line of stderr (with the memory cap, since an
 * allocation past it is one way ffmpeg fails).
 */
export async function runFfmpeg(
  args: string[],
  onProgress?: (outputSeconds: number) => void,
  options: FfmpegOptions = {},
): Promise<void> {
  const { pool = renderPool, ...limits } = options;
  let pending = '';
  const outcome = await runMediaProcess(
    ffmpegPath(),
    ['-hide_banner', '-nostdin', '-progress', 'pipe:1', ...args],
    {
      ...limits,
      pool,
      keepStderr: true,
      onStdout: (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          // out_time_ms is in microseconds despite its name.
          const match = /^out_time_ms=(\d+)$/.exec(line.trim());
          if (match && onProgress) onProgress(Number(match[1]) / 1e6);
        }
      },
    },
  );
  switch (outcome.kind) {
    case 'ok':
      return;
    case 'timeout':
      throw new FfmpegError(
        `ffmpeg ran past its time limit of ${Math.round((limits.timeoutMs ?? pool.limits.timeoutMs) / 1000)} s and was stopped`,
      );
    case 'busy':
      throw new FfmpegError('ffmpeg did not start: every render slot of this worker stayed busy');
    case 'failed': {
      const last = outcome.stderr?.split('\n').pop()?.trim() || 'no message';
      const cap = mib(limits.memoryBytes ?? pool.limits.memoryBytes);
      throw new FfmpegError(`ffmpeg failed (memory limit ${cap}): ${last}`);
    }
  }
}
