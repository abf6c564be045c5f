// The header reader's own bounds: how many top-level MP4 boxes it walks, how large a movie header it
// reads into memory, and how far into an image it looks for the dimensions. Each is shown at the
// bound (read) and one past it (refused), on files built byte by byte.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_HEADER_READ_BYTES,
  MP4_MAX_MOOV_BYTES,
  MP4_MAX_TOP_LEVEL_BOXES,
} from '@hc/shared/resource-limits';
import { readImageHeader, readMp4Header } from './header-dimensions.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hc-header-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, ...parts: Buffer[]) {
  const at = path.join(dir, name);
  await writeFile(at, Buffer.concat(parts));
  return at;
}

function box(type: string, body: Buffer = Buffer.alloc(0)) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1'));

/** An ftyp, `free` boxes until the moov is the top-level box number `moovIndex` (0-based), then a moov. */
function mp4WithMoovAt(moovIndex: number, moovBody = Buffer.alloc(0)) {
  const free = Array.from({ length: moovIndex - 1 }, () => box('free'));
  return [ftyp, ...free, box('moov', moovBody)];
}

describe('MP4 header bounds', () => {
  it('finds a movie header that is the last box it may look at, and refuses one a box later', async () => {
    const last = await file('last.mp4', ...mp4WithMoovAt(MP4_MAX_TOP_LEVEL_BOXES - 1));
    expect(await readMp4Header(last)).toEqual({ brand: 'isom', videoTracks: [] });
    const past = await file('past.mp4', ...mp4WithMoovAt(MP4_MAX_TOP_LEVEL_BOXES));
    expect(await readMp4Header(past)).toBeNull();
  });

  it('reads a movie header of the largest allowed size and refuses one a byte larger', async () => {
    const atBound = await file(
      'moov-max.mp4',
      ...mp4WithMoovAt(1, box('free', Buffer.alloc(MP4_MAX_MOOV_BYTES - 8))),
    );
    expect(await readMp4Header(atBound)).toEqual({ brand: 'isom', videoTracks: [] });
    const over = await file(
      'moov-over.mp4',
      ...mp4WithMoovAt(1, box('free', Buffer.alloc(MP4_MAX_MOOV_BYTES - 7))),
    );
    expect(await readMp4Header(over)).toBeNull();
  });

  it('refuses a movie header that claims more bytes than the file has', async () => {
    const claim = box('moov');
    claim.writeUInt32BE(MP4_MAX_MOOV_BYTES, 0);
    expect(await readMp4Header(await file('short.mp4', ftyp, claim))).toBeNull();
  });
});

/** A JPEG segment: marker, big-endian length (which counts itself), body. */
function segment(marker: number, body: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A baseline frame header declaring width x height, three components. */
function sof0(width: number, height: number) {
  const body = Buffer.alloc(15);
  body[0] = 8;
  body.writeUInt16BE(height, 1);
  body.writeUInt16BE(width, 3);
  body[5] = 3;
  return segment(0xc0, body);
}

/** A JPEG whose frame header starts after `padding` bytes of APP1 (EXIF-like) segments. */
function jpegWithFrameAfter(padding: number) {
  const app1: Buffer[] = [];
  for (let left = padding; left > 0;) {
    const body = Math.min(left, 65_000) - 4;
    app1.push(segment(0xe1, Buffer.alloc(Math.max(body, 0))));
    left -= body + 4;
  }
  return [Buffer.from([0xff, 0xd8]), ...app1, sof0(640, 360), Buffer.from([0xff, 0xd9])];
}

describe('image header bounds', () => {
  it('reads dimensions that follow large metadata inside the first read, and none past it', async () => {
    const inside = await file('inside.jpg', ...jpegWithFrameAfter(IMAGE_HEADER_READ_BYTES - 64 * 1024));
    expect(await readImageHeader(inside)).toEqual({ kind: 'jpeg', size: { width: 640, height: 360 } });
    // Past the first read nothing may decode the file: it is a JPEG whose size is unknown.
    const past = await file('past.jpg', ...jpegWithFrameAfter(IMAGE_HEADER_READ_BYTES + 64 * 1024));
    expect(await readImageHeader(past)).toEqual({ kind: 'jpeg', size: null });
  });
});
