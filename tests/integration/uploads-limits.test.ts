// Uploads inspected before anything decodes them: images whose headers declare 16000x16000 (a 1 GB
// frame for a decoder) and an MP4 whose sample entry declares 8000x8000 are refused with 422 before
// ffprobe starts (the media-process counter does not move); MP4 dimensions are read from the header
// whether the movie header follows the media data (ffmpeg's default) or precedes it (faststart); a file
// sent as one type and holding another is refused; a user with two uploads in flight gets 429, counted
// across server processes with leases that lapse when their process dies.
// A workbook whose ZIP headers lie about its size is refused by counting what it inflates to.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@hc/media/binaries';
import { messages } from '@hc/shared/messages';
import { countZip } from '@hc/monetization/counted-zip';
import { mediaProcessStats, runMediaProcess } from '@hc/media/process-limits';
import { displayedSize, readMp4Header } from '../../apps/server/src/features/media/header-dimensions.ts';
import { reportErrors } from '../../apps/server/src/features/reports/routes.ts';
import { uploadsInFlightOf } from '../../apps/server/src/features/uploads/routes.ts';
import { SharedLeaseLimit } from '../../apps/server/src/infra/shared-leases.ts';
import { authOf, login, startPeerApp, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import {
  bombGif,
  bombJpeg,
  bombPng,
  bombWebp,
  lyingWorkbook,
  part,
  withCodedSize,
  zipOf,
} from '../support/media-bombs.ts';
import { eventually } from '../support/retry.ts';

const run = promisify(execFile);
type Headers = Record<string, string>;

let t: TestApp;
let dir: string;
let uploader: Headers;
let uploaderId: number;
let other: Headers;
let admin: Headers;
const files: Record<string, string> = {};

function multipart(content: Buffer, filename: string, contentType: string) {
  const boundary = `----hc${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    head,
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(fileType: 'image' | 'video', content: Buffer, contentType: string, h = uploader) {
  const body = multipart(content, 'upload.bin', contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/editor/stamp/uploaded_objects/create?file_type=${fileType}`,
    headers: { ...h, 'content-type': body.contentType },
    payload: Buffer.concat([body.head, content, body.tail]),
  });
}

async function clip(name: string, extra: string[]) {
  const file = path.join(dir, name);
  await run(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=10'],
    ...['-t', '5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...extra, file],
  ]);
  return file;
}

/** The offset of a top-level box, walking the file's boxes. */
function topLevelOffset(bytes: Buffer, type: string): number {
  for (let at = 0; at + 8 <= bytes.length; at += bytes.readUInt32BE(at)) {
    if (bytes.toString('latin1', at + 4, at + 8) === type) return at;
    if (bytes.readUInt32BE(at) < 8) break;
  }
  return -1;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hc-upload-limits-'));
  const [tt] = await Promise.all([
    startTestApp(),
    (async () => {
      files.moovAtEnd = await clip('moov-at-end.mp4', []);
      files.faststart = await clip('faststart.mp4', ['-movflags', '+faststart']);
      files.bigPng = path.join(dir, 'big.png');
      await run(ffmpegPath(), [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=6000x6000:rate=1'],
        ...['-frames:v', '1', '-f', 'image2', files.bigPng],
      ]);
      files.jpeg = path.join(dir, 'picture.jpg');
      await run(ffmpegPath(), [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=1'],
        ...['-frames:v', '1', '-c:v', 'mjpeg', '-f', 'image2', files.jpeg],
      ]);
    })(),
  ]);
  t = tt;
  const publisherId = (await buildPublisher(t.ctx.db)).id;
  const otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  const uploaderUser = await buildUser(t.ctx.db, {
    publisherId,
    roles: ['stamp_manager', 'create_new_video_page'],
  });
  uploaderId = uploaderUser.id;
  uploader = authOf(await login(t.app, uploaderUser.email, uploaderUser.password));
  other = await session({ publisherId: otherPublisherId, roles: ['stamp_manager'] });
  admin = await session({ publisherId, isAdmin: true });
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('images are measured by their header before anything decodes them', () => {
  it.each([
    ['PNG', bombPng, 'image/png'],
    ['JPEG', bombJpeg, 'image/jpeg'],
    ['GIF', bombGif, 'image/gif'],
    ['WebP', bombWebp, 'image/webp'],
  ])(
    'refuses a %s declaring 16000x16000 with 422, fast, without starting ffprobe',
    async (_kind, bomb, mime) => {
      const content = bomb();
      expect(content.length).toBeLessThan(1024);
      const started = mediaProcessStats.started;
      const begun = Date.now();
      const response = await upload('image', content, mime);
      const took = Date.now() - begun;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ success: false, errors: [messages.imageTooManyPixels] });
      expect(mediaProcessStats.started).toBe(started);
      // Loose: ffprobe alone takes about 2 s and 1 GB on such a PNG.
      expect(took).toBeLessThan(5_000);
    },
  );

  it('still stores a real image (the header check lets it through to ffprobe)', async () => {
    const started = mediaProcessStats.started;
    const response = await upload('image', await readFile(files.jpeg!), 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(mediaProcessStats.started).toBe(started + 1);
  });
});

describe('MP4 headers', () => {
  it.each([
    ['moovAtEnd', 'after'],
    ['faststart', 'before'],
  ])('reads 1280x720 from the %s file (movie header %s the media data) and stores it', async (key, where) => {
    const bytes = await readFile(files[key]!);
    const moov = topLevelOffset(bytes, 'moov');
    const mdat = topLevelOffset(bytes, 'mdat');
    expect(moov > mdat ? 'after' : 'before').toBe(where);

    const header = await readMp4Header(files[key]!);
    expect(header?.videoTracks).toHaveLength(1);
    expect(header!.videoTracks[0]).toMatchObject({ codec: 'avc1', codedWidth: 1280, codedHeight: 720 });
    expect(displayedSize(header!.videoTracks[0]!)).toEqual({ width: 1280, height: 720 });

    const response = await upload('video', bytes, 'video/mp4');
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses an MP4 whose sample entry declares 8000x8000 before ffprobe reads a frame', async () => {
    const lying = withCodedSize(await readFile(files.moovAtEnd!), 8000, 8000);
    const started = mediaProcessStats.started;
    const response = await upload('video', lying, 'video/mp4');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([messages.videoResolutionTooHigh]);
    expect(mediaProcessStats.started).toBe(started);
  });

  it('refuses a file whose MP4 header is cut off, as not an MP4, without ffprobe', async () => {
    const bytes = await readFile(files.moovAtEnd!);
    const started = mediaProcessStats.started;
    const response = await upload('video', bytes.subarray(0, bytes.length - 100), 'video/mp4');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([messages.videoNotMp4]);
    expect(mediaProcessStats.started).toBe(started);
  });
});

describe('media processes', () => {
  const MB = 1024 * 1024;
  const decode = (file: string) => [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-f', 'null', '-'],
  ];

  it('are killed at their time limit', async () => {
    const begun = Date.now();
    const endless = ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc', '-f', 'null', '-'];
    const outcome = await runMediaProcess(ffmpegPath(), endless, { timeoutMs: 500 });
    expect(outcome.kind).toBe('timeout');
    expect(Date.now() - begun).toBeLessThan(10_000);
  });

  it('fail inside their memory cap: a 36-megapixel decode fails under 128 MB and runs under 1 GB', async () => {
    const small = await runMediaProcess(ffmpegPath(), decode(files.jpeg!), { memoryBytes: 128 * MB });
    expect(small.kind).toBe('ok');
    const capped = await runMediaProcess(ffmpegPath(), decode(files.bigPng!), { memoryBytes: 128 * MB });
    expect(capped.kind).toBe('failed');
    const roomy = await runMediaProcess(ffmpegPath(), decode(files.bigPng!), { memoryBytes: 1024 * MB });
    expect(roomy.kind).toBe('ok');
  });
});

describe('declared type against the header', () => {
  it('refuses a JPEG sent as image/png, and a PNG sent as video/mp4', async () => {
    const jpeg = await upload('image', await readFile(files.jpeg!), 'image/png');
    expect(jpeg.statusCode).toBe(422);
    expect(jpeg.json().errors).toEqual([messages.uploadTypeMismatch]);
    const png = await upload('video', bombPng(64, 64), 'video/mp4');
    expect(png.statusCode).toBe(422);
    expect(png.json().errors).toEqual([messages.uploadTypeMismatch]);
  });
});

describe('uploads per user', () => {
  /** An upload whose body stops halfway: it holds its place until it is cut off. */
  const stallUpload = (port: number, jpeg: Buffer): ClientRequest => {
    const body = multipart(jpeg, 'slow.jpg', 'image/jpeg');
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/editor/stamp/uploaded_objects/create?file_type=image',
      headers: {
        ...uploader,
        'content-type': body.contentType,
        'content-length': String(body.head.length + jpeg.length + body.tail.length),
      },
    });
    request.on('error', () => undefined);
    request.write(body.head);
    request.write(jpeg.subarray(0, 100));
    return request;
  };
  const portOf = async (app: TestApp['app']) => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  };

  it('answers 429 to a third upload while two of the same user are in flight, on either process; others are not held up', async () => {
    // A second server process of the deployment: the user's uploads spread over both.
    const peer = await startPeerApp(t);
    const inFlight = uploadsInFlightOf(t.ctx.redis);
    const jpeg = await readFile(files.jpeg!);
    const stalled = [stallUpload(await portOf(t.app), jpeg), stallUpload(await portOf(peer.app), jpeg)];
    try {
      // Once both hold their places (one in each process), the third is refused at once, on either.
      await eventually(async () => expect(await inFlight.held(String(uploaderId))).toBe(2), 15_000);
      for (const app of [t.app, peer.app]) {
        const body = multipart(jpeg, 'upload.jpg', 'image/jpeg');
        const refused = await app.inject({
          method: 'POST',
          url: '/api/v1/editor/stamp/uploaded_objects/create?file_type=image',
          headers: { ...uploader, 'content-type': body.contentType },
          payload: Buffer.concat([body.head, jpeg, body.tail]),
        });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ success: false, errors: [messages.uploadsInFlight] });
        expect(refused.headers['retry-after']).toBe('5');
      }
      // Another user's upload goes through meanwhile.
      expect((await upload('image', jpeg, 'image/jpeg', other)).statusCode).toBe(201);
    } finally {
      for (const request of stalled) request.destroy();
    }
    // Once the stalled uploads end (here: cut off), their places are free and the user can upload again.
    await eventually(async () => expect(await inFlight.held(String(uploaderId))).toBe(0), 15_000);
    await eventually(
      async () => expect((await upload('image', jpeg, 'image/jpeg')).statusCode).toBe(201),
      15_000,
    );
    await peer.close();
  });

  it('keeps a running lease alive by renewing it, and lets the lease of a process that died lapse', async () => {
    const leaseMs = 1_500;
    const limit = new SharedLeaseLimit(t.ctx.redis, 'test:leases', 2, { leaseMs, renewMs: 300 });
    const key = `user-${uploaderId}`;
    const running = (await limit.tryAcquire(key))!;
    // A holder that dies: its lease is taken straight in Redis, as a process would, and never renewed.
    const dead = new SharedLeaseLimit(t.ctx.redis, 'test:leases', 2, { leaseMs, renewMs: 3_600_000 });
    expect(await dead.tryAcquire(key)).not.toBeNull();
    expect(await limit.held(key)).toBe(2);
    expect(await limit.tryAcquire(key)).toBeNull();

    // The dead holder's lease lapses; the running one's is renewed past its first lapse time and stays.
    const firstLapse = Date.now() + leaseMs;
    await eventually(async () => expect(await limit.held(key)).toBe(1), 15_000, 100);
    await eventually(
      async () => {
        // The highest lapse time in the set: the running lease's (the dead one's is lower and stays).
        const [, score] = await t.ctx.redis.zrange(`test:leases:${key}`, -1, -1, 'WITHSCORES');
        expect(Number(score)).toBeGreaterThan(firstLapse);
      },
      15_000,
      100,
    );
    const second = await limit.tryAcquire(key);
    expect(second).not.toBeNull();
    expect(await limit.tryAcquire(key)).toBeNull();
    await running();
    await second!();
    expect(await limit.held(key)).toBe(0);
  });
});

describe('workbooks are counted as they inflate', () => {
  const uploadWorkbook = (content: Buffer) => {
    const body = multipart(
      content,
      'report.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/bulk-update/workbooks/upload',
      headers: { ...admin, 'content-type': body.contentType },
      payload: Buffer.concat([body.head, content, body.tail]),
    });
  };

  it('refuses an XLSX whose entry declares 1,000 bytes but inflates to 300 MB, quickly and without the memory', async () => {
    const bomb = await lyingWorkbook(300 * 1024 * 1024, 1000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const begun = Date.now();
    const response = await uploadWorkbook(bomb);
    const took = Date.now() - begun;
    const rssDelta = process.memoryUsage().rss - rssBefore;
    console.log(`lying workbook: refused in ${took} ms, RSS delta ${(rssDelta / 1024 / 1024).toFixed(1)} MB`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, errors: [reportErrors.notWorkbook] });
    // Loose bounds: reading it to the end took 17.7 s and 1 GB before.
    expect(took).toBeLessThan(5_000);
    expect(rssDelta).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses the same workbook when its headers tell the truth about 300 MB (over the 50 MB cap)', async () => {
    const honest = await lyingWorkbook(300 * 1024 * 1024, 300 * 1024 * 1024);
    const response = await uploadWorkbook(honest);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([reportErrors.notWorkbook]);
  });

  it('accepts a normal workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Video Publisher').addRow(['Key', 'Publisher']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await uploadWorkbook(content);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.external_id).toEqual(expect.any(String));
  });

  describe('countZip', () => {
    const limits = { maxUnpackedBytes: 1024 * 1024, maxEntries: 10 };
    const a = part('a.xml', '<a>'.repeat(100));
    const b = part('b.xml', '<b>'.repeat(100));

    it('accepts a truthful ZIP and reports what it unpacked to', async () => {
      expect(await countZip(zipOf([a, b]), limits)).toEqual({ entries: 2, unpackedBytes: 600 });
    });

    it('refuses an entry hidden between listed ones (a streaming reader would find it)', async () => {
      const hidden = { ...part('x.xml', '<x/>'), hidden: true };
      expect(await countZip(zipOf([a, hidden, b]), limits)).toBeNull();
    });

    it('refuses a deflate stream that ends before its entry does', async () => {
      const early = { ...b, deflated: Buffer.concat([b.deflated, Buffer.from('PK\x03\x04junk')]) };
      expect(await countZip(zipOf([a, early]), limits)).toBeNull();
    });

    it('refuses an entry that inflates to less than it declares, and more entries than allowed', async () => {
      expect(await countZip(zipOf([a, { ...b, declaredSize: 301 }]), limits)).toBeNull();
      const many = Array.from({ length: 11 }, (_, i) => part(`${i}.xml`, 'x'));
      expect(await countZip(zipOf(many), limits)).toBeNull();
    });
  });
});
