// What a media file says about itself in its first bytes: its kind by magic bytes, and its pixel size
// from the header alone (PNG IHDR, JPEG SOF, GIF screen, WebP VP8/VP8L/VP8X; MP4/MOV track and sample
// entry boxes). Read with small bounded reads, never decoded, so a file declaring a frame of
// gigabytes can be refused before any decoder is asked to allocate it.
import { open, type FileHandle } from 'node:fs/promises';
import { imageSize } from 'image-size';
import {
  IMAGE_HEADER_READ_BYTES,
  MP4_MAX_MOOV_BYTES,
  MP4_MAX_TOP_LEVEL_BOXES,
} from '@hc/shared/resource-limits';

/** A file's kind by its first bytes: an image format, an ISO media file (MP4/MOV), or unknown (null). */
export type HeaderKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp4';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The kind named by a file's first 12 bytes. */
export function kindOfHead(head: Buffer): HeaderKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 8) === 'ftyp') return 'mp4';
  return null;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The kind of a file by its first bytes, whatever its name or declared type says. */
export async function sniffKind(file: string): Promise<HeaderKind | null> {
  const handle = await open(file, 'r');
  try {
    return kindOfHead(await readAt(handle, 0, 12));
  } finally {
    await handle.close();
  }
}

export interface ImageHeader {
  kind: Exclude<HeaderKind, 'mp4'>;
  /** From the header; null when the header could not be read in the first MB (then nothing may decode it). */
  size: { width: number; height: number } | null;
}

/** image-size's names for the kinds we read. */
const IMAGE_SIZE_TYPE: Record<ImageHeader['kind'], string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

/** An image's kind and header dimensions; null when the file is no image of a kind we read. */
export async function readImageHeader(file: string): Promise<ImageHeader | null> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    head = await readAt(handle, 0, IMAGE_HEADER_READ_BYTES);
  } finally {
    await handle.close();
  }
  const kind = kindOfHead(head);
  if (kind === null || kind === 'mp4') return null;
  try {
    const found = imageSize(head);
    // The header must describe the kind the magic bytes name, with a real size.
    if (found.type !== IMAGE_SIZE_TYPE[kind] || !(found.width > 0) || !(found.height > 0))
      return { kind, size: null };
    return { kind, size: { width: found.width, height: found.height } };
  } catch {
    return { kind, size: null };
  }
}

export interface Mp4VideoTrack {
  /** The sample entry's codec name, e.g. 'avc1', 'hvc1', 'av01', 'mp4v'. */
  codec: string;
  /** The coded frame's size as the sample entry declares it (what a decoder allocates). */
  codedWidth: number;
  codedHeight: number;
  /** The presentation size (track header), before rotation. */
  trackWidth: number;
  trackHeight: number;
  /** The track's matrix turns it by 90° or 270° (a phone's portrait clip). */
  quarterTurn: boolean;
}

export interface Mp4Header {
  /** The ftyp box's major brand, e.g. 'isom', 'mp42', 'qt  '. */
  brand: string;
  videoTracks: Mp4VideoTrack[];
}

/** A video track's displayed size: coded size (as ffprobe reports it), turned by its matrix. */
export function displayedSize(track: Mp4VideoTrack): { width: number; height: number } {
  const width = track.codedWidth || track.trackWidth;
  const height = track.codedHeight || track.trackHeight;
  return track.quarterTurn ? { width: height, height: width } : { width, height };
}

class Malformed extends Error {}

interface Box {
  type: string;
  /** Payload start and end, in the buffer the box was read from. */
  start: number;
  end: number;
}

/** The boxes inside buffer[start, end); throws Malformed on a box running past its parent. */
function boxesIn(buffer: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) throw new Malformed();
      size = Number(buffer.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new Malformed();
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

const child = (buffer: Buffer, parent: Box, type: string) =>
  boxesIn(buffer, parent.start, parent.end).find((b) => b.type === type);

/** tkhd: presentation size (16.16 fixed point) and whether the matrix turns the track a quarter. */
function trackHeader(buffer: Buffer, tkhd: Box) {
  const version = buffer[tkhd.start];
  // Version 1 has 64-bit creation, modification and duration fields (12 bytes more).
  const matrix = tkhd.start + (version === 1 ? 52 : 40);
  if (matrix + 44 > tkhd.end) throw new Malformed();
  const a = buffer.readInt32BE(matrix);
  const b = buffer.readInt32BE(matrix + 4);
  const c = buffer.readInt32BE(matrix + 12);
  const d = buffer.readInt32BE(matrix + 16);
  return {
    width: Math.round(buffer.readUInt32BE(matrix + 36) / 65536),
    height: Math.round(buffer.readUInt32BE(matrix + 40) / 65536),
    quarterTurn: a === 0 && d === 0 && b !== 0 && c !== 0,
  };
}

/** The video tracks of a moov payload. */
function videoTracksOf(moov: Buffer): Mp4VideoTrack[] {
  const tracks: Mp4VideoTrack[] = [];
  for (const trak of boxesIn(moov, 0, moov.length).filter((b) => b.type === 'trak')) {
    const mdia = child(moov, trak, 'mdia');
    const hdlr = mdia && child(moov, mdia, 'hdlr');
    if (!hdlr || hdlr.start + 12 > hdlr.end) continue;
    if (moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const tkhd = child(moov, trak, 'tkhd');
    const header = tkhd ? trackHeader(moov, tkhd) : { width: 0, height: 0, quarterTurn: false };
    const minf = child(moov, mdia, 'minf');
    const stbl = minf && child(moov, minf, 'stbl');
    const stsd = stbl && child(moov, stbl, 'stsd');
    // stsd: version and flags, entry count, then sample entries (boxes); the first one is used.
    const entries = stsd ? boxesIn(moov, stsd.start + 8, stsd.end) : [];
    const entry = entries[0];
    // A visual sample entry: 8 bytes of sample entry, 16 reserved, then width and height (16 bits each).
    const coded =
      entry && entry.start + 28 <= entry.end
        ? { width: moov.readUInt16BE(entry.start + 24), height: moov.readUInt16BE(entry.start + 26) }
        : { width: 0, height: 0 };
    tracks.push({
      codec: entry?.type ?? '',
      codedWidth: coded.width,
      codedHeight: coded.height,
      trackWidth: header.width,
      trackHeight: header.height,
      quarterTurn: header.quarterTurn,
    });
  }
  return tracks;
}

/**
 * The header of an MP4/MOV file: its brand and video tracks. Top-level boxes are walked by seeking
 * (the movie header may follow the media data, as ffmpeg writes by default); only the moov box is
 * read, and only when it is at most MP4_MAX_MOOV_BYTES. Null when the file is not such a file, is cut
 * short, or has no movie header we can read.
 */
export async function readMp4Header(file: string): Promise<Mp4Header | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    let at = 0;
    let brand: string | null = null;
    for (let count = 0; at + 8 <= size; count++) {
      if (count >= MP4_MAX_TOP_LEVEL_BOXES) return null;
      const head = await readAt(handle, at, 16);
      if (head.length < 8) return null;
      let boxSize = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let header = 8;
      if (boxSize === 1) {
        if (head.length < 16) return null;
        boxSize = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (boxSize === 0) {
        boxSize = size - at;
      }
      if (boxSize < header || at + boxSize > size) return null;
      if (count === 0) {
        if (type !== 'ftyp' || head.length < 12) return null;
        brand = head.toString('latin1', 8, 12);
      }
      if (type === 'moov') {
        if (boxSize - header > MP4_MAX_MOOV_BYTES) return null;
        const moov = await readAt(handle, at + header, boxSize - header);
        if (moov.length !== boxSize - header) return null;
        return { brand: brand!, videoTracks: videoTracksOf(moov) };
      }
      at += boxSize;
    }
    return null;
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  } finally {
    await handle.close();
  }
}
