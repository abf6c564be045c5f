// What an uploaded file really is, found on the server: magic bytes and header dimensions first (no
// decoder runs on a file whose header declares too many pixels), then ffprobe for container, codec,
// dimensions (after rotation) and duration. ffprobe runs without a shell, on local files only
// (-protocol_whitelist file), under the media-process limits (time, memory, a few at once), and with
// the one demuxer the upload may be (-f): a playlist or concat list named .mp4 is never parsed as one,
// so it cannot name other files.
import { ffprobePath } from '@hc/media/binaries';
import { messages } from '@hc/shared/messages';
import { IMAGE_MAX_PIXELS } from '@hc/shared/resource-limits';
import { runMediaProcess } from '@hc/media/process-limits';
import { HttpError } from '../../plugins/errors.ts';
import { readImageHeader, sniffKind } from '../media/header-dimensions.ts';

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

/** What a file is read as: an MP4 video, or an image of the kind its first bytes name. */
export type ProbeFormat = 'mp4' | ImageKind;

/** ffprobe's demuxer for each format (the image ones are those ffprobe picks for such bytes). */
const DEMUXER: Record<ProbeFormat, string> = {
  mp4: 'mp4',
  jpeg: 'jpeg_pipe',
  png: 'png_pipe',
  gif: 'gif',
};

/**
 * Refuses (422) an image whose header declares more pixels than any decoder here may allocate; the
 * header that cannot be read is left to ffprobe's own refusal (a format answer).
 */
async function assertImagePixels(file: string): Promise<void> {
  const header = await readImageHeader(file);
  if (header?.size && header.size.width * header.size.height > IMAGE_MAX_PIXELS)
    throw new HttpError(422, [messages.imageTooManyPixels]);
}

/**
 * ffprobe of a local file read as `format`; null when it cannot be read as that at all (or its process
 * failed, as one past its memory cap does). Throws a 422 when it ran out of time, a 503 when every
 * media-process slot stayed busy, and a 422 for an image with too many pixels (checked on its header
 * before ffprobe starts, whoever calls).
 */
export async function probe(file: string, format: ProbeFormat): Promise<ProbeResult | null> {
  if (format !== 'mp4') await assertImagePixels(file);
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
  const outcome = await runMediaProcess(ffprobePath(), args);
  if (outcome.kind === 'busy') throw new HttpError(503, [messages.uploadsBusy]);
  if (outcome.kind === 'timeout') throw new HttpError(422, [messages.uploadInspectionTimedOut]);
  if (outcome.kind === 'failed') return null;
  try {
    const info = JSON.parse(outcome.stdout) as ProbeJson;
    const video = info.streams?.find((s) => s.codec_type === 'video');
    const rotation = Number(
      video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video?.tags?.rotate ?? 0,
    );
    const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
    const w = video?.width ?? 0;
    const h = video?.height ?? 0;
    const duration = Number(info.format?.duration ?? video?.duration ?? 0);
    return {
      formatName: info.format?.format_name ?? '',
      videoCodec: video?.codec_name ?? null,
      width: quarterTurn ? h : w,
      height: quarterTurn ? w : h,
      durationSeconds: Number.isFinite(duration) ? duration : 0,
    };
  } catch {
    return null;
  }
}

export type ImageKind = 'jpeg' | 'png' | 'gif';

/** The image type by its first bytes, whatever its name or declared type says (only kinds accepted). */
export async function imageKindOf(file: string): Promise<ImageKind | null> {
  const kind = await sniffKind(file);
  return kind === 'jpeg' || kind === 'png' || kind === 'gif' ? kind : null;
}

/** Video codecs an MP4 page video may carry (what browsers play in an MP4). */
export const MP4_VIDEO_CODECS = ['h264', 'hevc', 'av1'] as const;

/** An MP4 container (not merely a file named .mp4) with a playable video stream. */
export const isMp4Video = (p: ProbeResult): boolean =>
  p.formatName
    .split(',')
    .map((s) => s.trim())
    .includes('mp4') && (MP4_VIDEO_CODECS as readonly string[]).includes(p.videoCodec ?? '');
