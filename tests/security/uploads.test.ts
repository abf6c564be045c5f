// item 4: every way a file enters the product, as a per-route matrix. The routes: page
// videos and page images (stamp/uploaded_objects/create, multipart, 10 MB), bulk-report workbooks
// (bulk-update/workbooks/upload, multipart, 5 MB), splash images (publishers_upload_splash/, base64 in
// JSON, 2 MB) and the ingest API's media references and keyframe files (JSON; media stays in the store).
// Each gets its limit + 1 byte, HTML, a ZIP and an HLS playlist under its accepted extension, content
// just over and just under the spec's limits (with the limit itself accepted beside it, so the refusals
// are at the limit), and path-traversal file names. Every refusal is the catalogue's exact message with
// its status, leaves no file in the media store or the temporary folder, and writes no row.
// ffprobe is fed playlists and concat lists pointing at a TCP listener of this test: it never connects.
// tests/integration/uploads.test.ts keeps the everyday rules (codecs, rotation, stored file served).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, type Dirent } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, ffprobePath } from '@hc/media/binaries';
import { schema } from '@hc/db/schema';
import { ingestErrors } from '@hc/shared/api/ingest';
import { publisherAdminErrors, SPLASH_MAX_BYTES } from '@hc/shared/api/publishers-admin';
import { WORKBOOK_MAX_BYTES } from '@hc/shared/api/reports';
import { VIDEO_UPLOAD } from '@hc/shared/constants';
import { invalidTextField, messages } from '@hc/shared/messages';
import { probeVideo } from '@hc/media/ffmpeg';
import { reportErrors } from '../../apps/server/src/features/reports/routes.ts';
import { uploadErrors } from '../../apps/server/src/features/uploads/routes.ts';
import { probeSourceVideo } from '../../apps/server/src/features/vertical/source-video.ts';
import { runTokensCommand } from '../../apps/server/src/cli/service-tokens.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

const run = promisify(execFile);
type Headers = Record<string, string>;
type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

let t: TestApp;
let fixtures: string;
/** The server's temporary folder for this file (TMPDIR), empty between requests. */
let serverTmp: string;
let publisherId: number;
let video: Headers;
let admin: Headers;
let ingestToken: string;

/** A TCP listener that counts the connections it is offered (ffprobe must offer none). */
let listener: Server;
let listenerPort: number;
let listenerConnections = 0;

const files: Record<string, Buffer> = {};

// ---------------------------------------------------------------- fixtures

async function ffmpeg(args: string[], out: string) {
  const file = path.join(fixtures, out);
  await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return readFile(file);
}

/** testsrc at 10 fps, H.264: small and quick to make at any size. */
const clip = (name: string, size: string, seconds: number) =>
  ffmpeg(
    [
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=10`, '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ],
    name,
  );

/** A red PNG of any size (odd ones too: lavfi's colour source makes even sizes, so crop to it). */
const still = (name: string, width: number, height: number) =>
  ffmpeg(
    [
      ...[
        '-f',
        'lavfi',
        '-i',
        `color=c=red:s=${width + 1}x${height + 1},format=rgb24,crop=${width}:${height}`,
      ],
      ...['-frames:v', '1', '-f', 'image2'],
    ],
    name,
  );

/** A valid MP4 made exactly `bytes` long by a trailing 'free' box (still a valid MP4). */
function paddedMp4(mp4: Buffer, bytes: number) {
  const box = Buffer.alloc(bytes - mp4.length);
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([mp4, box]);
}

/** A real ZIP archive holding one stored (uncompressed) file. */
function zipOf(name: string, content: Buffer) {
  const nameBytes = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralOffset = local.length + nameBytes.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, content, central, nameBytes, end]);
}

/** Media content that names a network address: what ffprobe must never open. */
const networkMedia = (port: number) => ({
  'an HLS playlist': Buffer.from(
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:5\n#EXTINF:5.0,\nhttp://127.0.0.1:${port}/x.ts\n#EXT-X-ENDLIST\n`,
  ),
  'an HLS master playlist': Buffer.from(
    `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nhttp://127.0.0.1:${port}/x.m3u8\n`,
  ),
  'an ffconcat list': Buffer.from(`ffconcat version 1.0\nfile 'http://127.0.0.1:${port}/x.ts'\n`),
  'a concat list of a tcp: URL': Buffer.from(`ffconcat version 1.0\nfile 'tcp://127.0.0.1:${port}'\n`),
});

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** The names a hand-made client may send: none may become a path. */
const TRAVERSAL_NAMES = (ext: string) => [
  `../../etc/passwd.${ext}`,
  `..\\..\\x.${ext}`,
  `/etc/cron.d/x.${ext}`,
  `x\u0000.${ext}`,
];

// ---------------------------------------------------------------- calls

function multipart(content: Buffer, filename: string, contentType: string) {
  const boundary = `----hc${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const multipartRoute =
  (url: string, headers: () => Headers, contentType: string) => (content: Buffer, filename: string) => {
    const body = multipart(content, filename, contentType);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/editor/${url}`,
      headers: { ...headers(), 'content-type': body.contentType },
      payload: body.payload,
    });
  };

const uploadVideo = multipartRoute('stamp/uploaded_objects/create?file_type=video', () => video, 'video/mp4');
const uploadImage = multipartRoute('stamp/uploaded_objects/create?file_type=image', () => video, 'image/png');
const uploadWorkbook = multipartRoute(
  'bulk-update/workbooks/upload',
  () => admin,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
);
const uploadSplash = (content: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/publishers_upload_splash/',
    headers: admin,
    payload: { publisher_id: publisherId, splash_base64: content.toString('base64') },
  });

// ---------------------------------------------------------------- what must not change

/** Every file under the media store, relative. */
function mediaFiles(): string[] {
  const root = t.ctx.config.mediaDir;
  return existsSync(root)
    ? (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .sort()
    : [];
}

async function rowCounts() {
  const of = async (table: Parameters<ReturnType<TestApp['ctx']['db']['select']>['from']>[0]) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  return {
    uploadedObjects: await of(schema.uploadedObjects),
    workbooks: await of(schema.workbooks),
    splashImages: await of(schema.splashImages),
    highlights: await of(schema.highlights),
    auditLog: await of(schema.auditLog),
  };
}

/** Runs a call that must be refused: its status and exact errors, and nothing left anywhere. */
async function expectRefused(call: () => Promise<Reply>, status: number, errors: string[]) {
  const [mediaBefore, rowsBefore] = [mediaFiles(), await rowCounts()];
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ success: false, errors });
  expect(mediaFiles()).toEqual(mediaBefore);
  expect(readdirSync(serverTmp)).toEqual([]);
  expect(await rowCounts()).toEqual(rowsBefore);
}

/** A call that must be accepted: the one new media file, under the route's folder and a random name. */
async function expectStored(call: () => Promise<Reply>, folder: RegExp) {
  const before = new Set(mediaFiles());
  const response = await call();
  expect(response.statusCode, response.body).toBe(201);
  const added = mediaFiles().filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(folder);
  // The scratch folder is removed just after the answer is sent (the handler's finally).
  await expect.poll(() => readdirSync(serverTmp), { timeout: 5000 }).toEqual([]);
  return response;
}

// ---------------------------------------------------------------- setup

beforeAll(async () => {
  fixtures = mkdtempSync(path.join(tmpdir(), 'hc-sec-uploads-'));
  listener = createServer((socket) => {
    listenerConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as AddressInfo).port;

  const [app] = await Promise.all([
    startTestApp(),
    (async () => {
      files.valid = await clip('valid.mp4', '1280x720', 5);
      files.maxSize = await clip('max-size.mp4', '1920x1080', 4);
      files.tooWide = await clip('too-wide.mp4', '1922x1080', 4);
      files.tooTall = await clip('too-tall.mp4', '1920x1082', 4);
      files.minSize = await clip('min-size.mp4', '720x480', 4);
      files.tooNarrow = await clip('too-narrow.mp4', '718x480', 4);
      files.tooLow = await clip('too-low.mp4', '720x478', 4);
      files.maxSeconds = await clip('max-seconds.mp4', '720x480', 30);
      files.overSeconds = await clip('over-seconds.mp4', '720x480', 30.5);
      files.minSeconds = await clip('min-seconds.mp4', '720x480', 4);
      files.underSeconds = await clip('under-seconds.mp4', '720x480', 3.9);
      files.png = await still('picture.png', 64, 48);
      files.splashMax = await still('splash-max.png', 4000, 8);
      files.splashWide = await still('splash-wide.png', 4001, 8);
      files.splashTall = await still('splash-tall.png', 8, 4001);
    })(),
  ]);
  t = app;
  // Set after the app's own data folder is made: from here on the server's mkdtemp lands here alone.
  serverTmp = mkdtempSync(path.join(fixtures, 'server-tmp-'));
  process.env.TMPDIR = serverTmp;

  publisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  video = await session({ publisherId, roles: ['stamp_manager', 'create_new_video_page'] });
  admin = await session({ publisherId, isAdmin: true });
  const lines: string[] = [];
  await runTokensCommand(
    ['create', '--name', 'security uploads', '--publisher', String(publisherId)],
    t.ctx.db,
    (line) => lines.push(line),
  );
  ingestToken = /(hcs_\S+)$/.exec(lines.join('\n'))![1]!;
}, 180_000);

afterAll(async () => {
  delete process.env.TMPDIR;
  await t?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});

// ---------------------------------------------------------------- page videos

describe('page video: stamp/uploaded_objects/create?file_type=video (10 MB, MP4, 720x480 to 1920x1080, 4 to 30 s)', () => {
  const stored = new RegExp(`^uploads/\\d+/[0-9a-f-]{36}\\.mp4$`);

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte', async () => {
    await expectStored(
      () => uploadVideo(paddedMp4(files.valid!, VIDEO_UPLOAD.maxBytes), 'limit.mp4'),
      stored,
    );
    await expectRefused(
      () => uploadVideo(paddedMp4(files.valid!, VIDEO_UPLOAD.maxBytes + 1), 'over.mp4'),
      422,
      [messages.videoTooBig],
    );
  });

  it('refuses an empty file as no file', async () => {
    await expectRefused(() => uploadVideo(Buffer.alloc(0), 'empty.mp4'), 422, [messages.videoFileRequired]);
  });

  it.each([
    ['HTML', () => HTML],
    ['a ZIP', () => zipOf('clip.mp4', files.valid!)],
  ])('refuses %s named .mp4', async (_name, content) => {
    await expectRefused(() => uploadVideo(content(), 'clip.mp4'), 422, [messages.videoNotMp4]);
  });

  it.each(Object.keys(networkMedia(0)))(
    'refuses %s named .mp4 without ffprobe opening the address it names',
    async (name) => {
      const content = networkMedia(listenerPort)[name as keyof ReturnType<typeof networkMedia>];
      await expectRefused(() => uploadVideo(content, 'clip.mp4'), 422, [messages.videoNotMp4]);
      expect(listenerConnections).toBe(0);
    },
  );

  it.each([
    ['1920x1080', '1922x1080', 'maxSize', 'tooWide', messages.videoResolutionTooHigh],
    ['1920x1080', '1920x1082', 'maxSize', 'tooTall', messages.videoResolutionTooHigh],
    ['720x480', '718x480', 'minSize', 'tooNarrow', messages.videoResolutionTooLow],
    ['720x480', '720x478', 'minSize', 'tooLow', messages.videoResolutionTooLow],
    ['30 s', '30.5 s', 'maxSeconds', 'overSeconds', messages.videoTooLong],
    ['4 s', '3.9 s', 'minSeconds', 'underSeconds', messages.videoTooShort],
  ])('accepts %s and refuses %s', async (_limit, _over, atLimit, overLimit, message) => {
    await expectStored(() => uploadVideo(files[atLimit]!, 'limit.mp4'), stored);
    await expectRefused(() => uploadVideo(files[overLimit]!, 'over.mp4'), 422, [message]);
  });

  it.each(TRAVERSAL_NAMES('mp4'))('never uses the name %j as a path', async (name) => {
    await expectRefused(() => uploadVideo(HTML, name), 422, [messages.videoNotMp4]);
    // A valid file under that name is stored under a random name in the publisher's folder only.
    await expectStored(() => uploadVideo(files.valid!, name), stored);
  });
});

// ---------------------------------------------------------------- page images

describe('page image: stamp/uploaded_objects/create?file_type=image (10 MB, JPEG/PNG/GIF)', () => {
  const stored = new RegExp(`^uploads/\\d+/[0-9a-f-]{36}\\.png$`);

  it('refuses 10 MB + 1 byte', async () => {
    const over = Buffer.concat([files.png!, Buffer.alloc(10 * 1024 * 1024 + 1 - files.png!.length)]);
    await expectRefused(() => uploadImage(over, 'over.png'), 422, [uploadErrors.imageTooBig]);
  });

  it('refuses an empty file as no file', async () => {
    await expectRefused(() => uploadImage(Buffer.alloc(0), 'empty.png'), 422, [messages.imageFileRequired]);
  });

  it.each([
    ['HTML', () => HTML],
    ['a ZIP', () => zipOf('picture.png', files.png!)],
    ['an HLS playlist', () => networkMedia(listenerPort)['an HLS playlist']],
    ['an MP4 video', () => files.valid!],
  ])('refuses %s named .png', async (_name, content) => {
    await expectRefused(() => uploadImage(content(), 'picture.png'), 422, [uploadErrors.imageFormat]);
    expect(listenerConnections).toBe(0);
  });

  it.each(TRAVERSAL_NAMES('png'))('never uses the name %j as a path', async (name) => {
    await expectRefused(() => uploadImage(HTML, name), 422, [uploadErrors.imageFormat]);
    await expectStored(() => uploadImage(files.png!, name), stored);
  });
});

// ---------------------------------------------------------------- bulk-report workbooks

describe('workbook: bulk-update/workbooks/upload (5 MB, XLSX)', () => {
  it('refuses 5 MB + 1 byte', async () => {
    // A ZIP's headers around one stored file of n name bytes take 98 + 2n bytes.
    const name = 'xl/workbook.xml';
    const over = zipOf(name, Buffer.alloc(WORKBOOK_MAX_BYTES + 1 - 98 - 2 * name.length));
    expect(over.length).toBe(WORKBOOK_MAX_BYTES + 1);
    await expectRefused(() => uploadWorkbook(over, 'report.xlsx'), 422, [reportErrors.workbookTooBig]);
  });

  it.each([
    ['an empty file', () => Buffer.alloc(0)],
    ['HTML', () => HTML],
    ['a ZIP that is no workbook', () => zipOf('index.html', HTML)],
    ['an HLS playlist', () => networkMedia(listenerPort)['an HLS playlist']],
  ])('refuses %s named .xlsx', async (_name, content) => {
    await expectRefused(() => uploadWorkbook(content(), 'report.xlsx'), 422, [reportErrors.notWorkbook]);
  });

  it.each(TRAVERSAL_NAMES('xlsx'))(
    'refuses HTML under the name %j (the name is never used)',
    async (name) => {
      await expectRefused(() => uploadWorkbook(HTML, name), 422, [reportErrors.notWorkbook]);
    },
  );
});

// ---------------------------------------------------------------- splash images

describe('splash image: publishers_upload_splash/ (base64, 2 MB, PNG/JPEG/GIF, at most 4000 x 4000)', () => {
  const stored = new RegExp(`^splash/\\d+/[0-9a-f]{32}\\.png$`);

  it('refuses 2 MB + 1 byte', async () => {
    const over = Buffer.concat([files.png!, Buffer.alloc(SPLASH_MAX_BYTES + 1 - files.png!.length)]);
    await expectRefused(() => uploadSplash(over), 422, [publisherAdminErrors.splashTooBig]);
  });

  it('refuses an empty image as none', async () => {
    await expectRefused(() => uploadSplash(Buffer.alloc(0)), 422, [messages.splashRequired]);
  });

  it.each([
    ['HTML', () => HTML],
    ['a ZIP', () => zipOf('splash.png', files.png!)],
    ['an HLS playlist', () => networkMedia(listenerPort)['an HLS playlist']],
  ])('refuses %s', async (_name, content) => {
    await expectRefused(() => uploadSplash(content()), 422, [publisherAdminErrors.splashFormat]);
  });

  it('accepts 4000 pixels a side and refuses 4001 either way', async () => {
    await expectStored(() => uploadSplash(files.splashMax!), stored);
    for (const over of [files.splashWide!, files.splashTall!])
      await expectRefused(() => uploadSplash(over), 422, [publisherAdminErrors.splashDimensions]);
  });
});

// ---------------------------------------------------------------- ingest media references

describe('ingest: media references and keyframe files (JSON; media is never uploaded or fetched)', () => {
  const putIngest = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/ingest/v1/${url}`,
      headers: { authorization: `Bearer ${ingestToken}`, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it.each([...TRAVERSAL_NAMES('mp4'), '/media/..%2F..%2Fetc%2Fpasswd.mp4'])(
    'refuses the video path %j',
    async (video) => {
      await expectRefused(
        () =>
          putIngest('highlights/h-traversal', {
            article_external_id: 'a-1',
            title: 'Storm hits the coast: the waves',
            category: 'weather',
            link: 'https://news.example/storm',
            published_at: '2026-11-25T10:00:00Z',
            video,
            thumbnail: 'demo/clip-01.jpg',
            duration_seconds: 6.7,
          }),
        400,
        // A NUL is refused for every route before its own rules run, naming the field all the same.
        [video.includes('\u0000') ? invalidTextField('video') : `video: ${ingestErrors.mediaPath}`],
      );
    },
  );

  it('refuses a vertical task body (keyframe files) over its 8 MB limit with 413', async () => {
    const over = JSON.stringify({ title: 'x', padding: 'x'.repeat(8 * 1024 * 1024) });
    await expectRefused(() => putIngest('vertical_tasks/v-big', over), 413, ['Request body is too large']);
  });
});

// ---------------------------------------------------------------- the worker's ffprobe

describe("the worker's ffprobe (vertical sources in the media store)", () => {
  it.each(Object.keys(networkMedia(0)))(
    'reads %s named .mp4 as no video, without connecting',
    async (name) => {
      const relative = `test/network-${name.replaceAll(' ', '-')}.mp4`;
      const file = path.join(t.ctx.config.mediaDir, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, networkMedia(listenerPort)[name as keyof ReturnType<typeof networkMedia>]);
      expect(await probeSourceVideo(t.ctx.config.mediaDir, relative)).toBeNull();
      expect(await probeVideo(file)).toBeNull();
      expect(listenerConnections).toBe(0);
      expect((await stat(file)).isFile()).toBe(true);
    },
  );
});

describe('the listener as a witness', () => {
  it('does see a connection when ffprobe is given its URL directly (so its zero above means none)', async () => {
    const before = listenerConnections;
    await run(ffprobePath(), [
      '-v',
      'quiet',
      '-rw_timeout',
      '2000000',
      `http://127.0.0.1:${listenerPort}/x.ts`,
    ]).catch(() => undefined);
    expect(listenerConnections).toBeGreaterThan(before);
  });
});
