// Feeds the reframing engine from ffmpeg: one decode of the source, split into two raw streams read
// from two pipes at once: tiny frames at the full frame rate (shot cuts, found on their exact frame)
// on stdout, and small frames a few times a second (the subject) on fd 3. ffmpeg decodes and scales;
// Node only reads the small frames, so a 1080p source is analysed several times faster than it plays.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { RgbImage } from '@hc/reframe/image';
import { ffmpegPath } from '@hc/media/binaries';
import { FfmpegError } from '@hc/media/ffmpeg';
import { renderPool } from '@hc/media/process-limits';

export interface AnalysisStreams {
  /** Width of the analysis frames (the height keeps the source's shape, even). */
  width: number;
  /** Analysis frames a second. */
  fps: number;
  /** Size of the shot-detection frames. */
  tiny: { width: number; height: number };
}

export const DEFAULT_ANALYSIS_STREAMS: AnalysisStreams = {
  width: 256,
  fps: 5,
  tiny: { width: 64, height: 36 },
};

export interface FrameSpan {
  /** Local file, read as MP4 only. */
  source: string;
  sourceFps: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Where the video's first frame sits on the file's timeline (seconds). */
  videoStartSeconds: number;
  /** First source frame and number of frames to read. */
  firstFrame: number;
  frameCount: number;
}

export interface FrameSink {
  /** The next full-rate tiny frame (frames in order from firstFrame). */
  shotFrame(frame: RgbImage): void;
  /** An analysis frame and the source frame it shows. */
  analysisFrame(frame: RgbImage, sourceFrame: number): void;
  /** Share (0..1) of the span read so far. */
  progress?(share: number): void;
}

/** Splits a byte stream into frames of `size` bytes. */
function frames(stream: Readable, size: number, onFrame: (bytes: Uint8Array) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(size);
    let filled = 0;
    stream.on('data', (chunk: Buffer) => {
      let offset = 0;
      while (offset < chunk.length) {
        const n = Math.min(size - filled, chunk.length - offset);
        chunk.copy(buffer, filled, offset, offset + n);
        filled += n;
        offset += n;
        if (filled === size) {
          onFrame(new Uint8Array(buffer.buffer, buffer.byteOffset, size));
          buffer = Buffer.alloc(size);
          filled = 0;
        }
      }
    });
    stream.once('end', () => resolve());
    stream.once('error', reject);
  });
}

/** Reads the span's frames into `sink`; rejects with ffmpeg's last error line when it fails. */
export async function readAnalysisFrames(
  span: FrameSpan,
  sink: FrameSink,
  streams: AnalysisStreams = DEFAULT_ANALYSIS_STREAMS,
): Promise<void> {
  const width = streams.width;
  const height = Math.max(2, Math.round((span.sourceHeight * width) / span.sourceWidth / 2) * 2);
  const { tiny } = streams;
  // Seek half a frame before the first frame, as the render does, so the cut falls between frames.
  const firstAt = span.videoStartSeconds + span.firstFrame / span.sourceFps;
  const seek = Math.max(0, firstAt - 0.5 / span.sourceFps);
  const graph =
    `[0:v]setpts=PTS-STARTPTS,scale=${width}:${height}:flags=area,format=rgb24,split[a][b];` +
    `[a]fps=${streams.fps}:round=near[an];[b]scale=${tiny.width}:${tiny.height}:flags=area[sh]`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-ss',
    seek.toFixed(6),
    '-f',
    'mp4',
    '-i',
    `file:${span.source}`,
    '-filter_complex',
    graph,
    '-map',
    '[sh]',
    '-frames:v',
    String(span.frameCount),
    '-vsync',
    'passthrough',
    '-f',
    'rawvideo',
    'pipe:1',
    '-map',
    '[an]',
    '-frames:v',
    String(Math.ceil((span.frameCount / span.sourceFps) * streams.fps)),
    '-f',
    'rawvideo',
    'pipe:3',
  ];
  // The analysis decode is as heavy as a render: it takes one of the render slots and runs under the
  // same address-space cap and time limit, so a hostile source cannot hold the worker's memory or time.
  const { slots, waitMs, limits } = renderPool;
  const release = await slots.acquire(waitMs);
  if (!release)
    throw new FfmpegError('Every render slot of this worker is busy: the analysis is tried again later.');
  try {
    await decode(args, limits, streams, span, tiny, width, height, sink);
  } finally {
    release();
  }
}

async function decode(
  args: string[],
  limits: { timeoutMs: number; memoryBytes: number },
  streams: AnalysisStreams,
  span: FrameSpan,
  tiny: { width: number; height: number },
  width: number,
  height: number,
  sink: FrameSink,
): Promise<void> {
  const child = spawn('prlimit', [`--as=${limits.memoryBytes}`, '--', ffmpegPath(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limits.timeoutMs);
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new FfmpegError(`ffmpeg could not start: ${error.message}`)));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut)
        return reject(new FfmpegError(`ffmpeg stopped at its time limit (${limits.timeoutMs} ms)`));
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').pop()?.trim() || `exit ${code ?? signal}`;
      reject(new FfmpegError(`ffmpeg failed: ${last}`));
    });
  });
  let shotIndex = 0;
  let analysisIndex = 0;
  const tinySize = tiny.width * tiny.height * 3;
  const reading = Promise.all([
    frames(child.stdout!, tinySize, (data) => {
      if (shotIndex >= span.frameCount) return;
      sink.shotFrame({ width: tiny.width, height: tiny.height, data });
      shotIndex++;
      if (shotIndex % 30 === 0) sink.progress?.(shotIndex / span.frameCount);
    }),
    frames(child.stdio[3] as Readable, width * height * 3, (data) => {
      // The fps filter's frame n shows the source frame nearest to n / fps seconds into the span.
      const local = Math.min(span.frameCount - 1, Math.round((analysisIndex * span.sourceFps) / streams.fps));
      sink.analysisFrame({ width, height, data }, span.firstFrame + local);
      analysisIndex++;
    }),
  ]);
  await Promise.all([reading, exited]);
}
