// What an uploaded file really is, found on the server: magic bytes for images, ffprobe for
// container, codec, dimensions (after rotation) and duration. ffprobe runs without a shell, on local
// files only (-protocol_whitelist file), with a time limit, and with the one demuxer the upload may be
// (-f): a playlist or concat list named .mp4 is never parsed as one, so it cannot name other files.
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { ffprobePath } from '@hc/db/seed/media';

export interface ProbeResult {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  formatName: string;
  videoCodec: string | null;
  /** As displayed: a 90° rotation swaps the coded width and height. */
  width: number;
  height: number;
  durationSeconds: number;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

const PROBE_TIMEOUT_MS = 15_000;

/** What a file is read as: an MP4 video, or an image of the kind its first bytes name. */
export type ProbeFormat = 'mp4' | ImageKind;

/** ffprobe's demuxer for each format (the image ones are those ffprobe picks for such bytes). */
const DEMUXER: Record<ProbeFormat, string> = {
  mp4: 'mp4',
  jpeg: 'jpeg_pipe',
  png: 'png_pipe',
  gif: 'gif',
};

/** ffprobe of a local file read as `format`; null when it cannot be read as that at all. */
export function probe(file: string, format: ProbeFormat): Promise<ProbeResult | null> {
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-f',
    DEMUXER[format],
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    // A path, never a URL: 'file:' keeps a name like 'http:x' from being read as a protocol.
    `file:${file}`,
  ];
  return new Promise((resolve) => {
    execFile(
      ffprobePath(),
      args,
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, windowsHide: true },
      (error, stdout) => {
        if (error) return resolve(null);
        try {
          const info = JSON.parse(stdout) as ProbeJson;
          const video = info.streams?.find((s) => s.codec_type === 'video');
          const rotation = Number(
            video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
              video?.tags?.rotate ??
              0,
          );
          const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
          const w = video?.width ?? 0;
          const h = video?.height ?? 0;
          const duration = Number(info.format?.duration ?? video?.duration ?? 0);
          resolve({
            formatName: info.format?.format_name ?? '',
            videoCodec: video?.codec_name ?? null,
            width: quarterTurn ? h : w,
            height: quarterTurn ? w : h,
            durationSeconds: Number.isFinite(duration) ? duration : 0,
          });
        } catch {
          resolve(null);
        }
      },
    );
  });
}

export type ImageKind = 'jpeg' | 'png' | 'gif';

/** The image type by its first bytes, whatever its name or declared type says. */
export async function imageKindOf(file: string): Promise<ImageKind | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    const b = head.subarray(0, bytesRead);
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
    if (b.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
    const ascii = b.subarray(0, 6).toString('latin1');
    if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'gif';
    return null;
  } finally {
    await handle.close();
  }
}

/** Video codecs an MP4 page video may carry (what browsers play in an MP4). */
export const MP4_VIDEO_CODECS = ['h264', 'hevc', 'av1'] as const;

/** An MP4 container (not merely a file named .mp4) with a playable video stream. */
export const isMp4Video = (p: ProbeResult): boolean =>
  p.formatName
    .split(',')
    .map((s) => s.trim())
    .includes('mp4') && (MP4_VIDEO_CODECS as readonly string[]).includes(p.videoCodec ?? '');
