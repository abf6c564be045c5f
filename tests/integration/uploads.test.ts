// POST stamp/uploaded_objects/create: every upload rule checked on the server against real
// files made by ffmpeg in beforeAll (small and fast), with the exact catalogue message and 422.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { appendFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@hc/media/binaries';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

const run = promisify(execFile);
type Headers = Record<string, string>;

let t: TestApp;
let dir: string;
let publisherId: number;
let video: Headers;
let stamp: Headers;
let viewer: Headers;

const MB = 1024 * 1024;

/** A synthetic clip: testsrc at 10 fps, H.264 unless other codec arguments are given. */
async function clip(name: string, size: string, seconds: number, codec: string[] = []) {
  const file = path.join(dir, name);
  await run(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=10`,
    '-t',
    String(seconds),
    ...(codec.length > 0 ? codec : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
    ...(name.endsWith('.webm.mp4') ? ['-f', 'webm'] : []),
    file,
  ]);
  return file;
}

async function image(name: string, codec: string) {
  const file = path.join(dir, name);
  await run(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=1',
    '-frames:v',
    '1',
    '-c:v',
    codec,
    ...(codec === 'gif' ? ['-f', 'gif'] : ['-f', 'image2']),
    file,
  ]);
  return file;
}

/** A multipart body with one part named `file`. */
function multipart(content: Buffer, filename: string, contentType: string) {
  const boundary = `----hc${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  fileType: string,
  file: string | Buffer,
  h: Headers = video,
  contentType = 'video/mp4',
) {
  const content = typeof file === 'string' ? await readFile(file) : file;
  const name = typeof file === 'string' ? path.basename(file) : 'upload.bin';
  const body = multipart(content, name, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/editor/stamp/uploaded_objects/create?file_type=${fileType}`,
    headers: { ...h, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const files: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hc-uploads-'));
  const [tt] = await Promise.all([
    startTestApp(),
    (async () => {
      files.valid = await clip('valid.mp4', '1280x720', 6);
      files.vertical = await clip('vertical.mp4', '720x1280', 6);
      files.huge = await clip('huge.mp4', '2560x1440', 5);
      files.small = await clip('small.mp4', '640x360', 5);
      files.short = await clip('short.mp4', '1280x720', 3);
      files.long = await clip('long.mp4', '1280x720', 31);
      files.webm = await clip('renamed.webm.mp4', '1280x720', 6, ['-c:v', 'libvpx', '-b:v', '100k']);
      files.mpeg4 = await clip('mpeg4.mp4', '1280x720', 6, ['-c:v', 'mpeg4']);
      // A phone's portrait clip: a 1280x720 stream shown turned by 90° (display matrix).
      files.rotated = path.join(dir, 'rotated.mp4');
      await run(ffmpegPath(), [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        files.valid,
        '-c',
        'copy',
        '-metadata:s:v',
        'rotate=90',
        files.rotated,
      ]);
      files.png = await image('picture.png', 'png');
      files.jpeg = await image('picture.jpg', 'mjpeg');
      files.gif = await image('picture.gif', 'gif');
      // 11 MB: a real MP4 followed by a 'free' box (still a valid MP4), over the 10 MB limit.
      files.big = path.join(dir, 'big.mp4');
      await writeFile(files.big, await readFile(files.valid));
      const pad = 11 * MB - (await stat(files.big)).size;
      const box = Buffer.alloc(pad);
      box.writeUInt32BE(pad, 0);
      box.write('free', 4, 'latin1');
      await appendFile(files.big, box);
    })(),
  ]);
  t = tt;
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(t.ctx.db, options);
    return authOf(await login(t.app, user.email, user.password));
  };
  video = await session({ publisherId, roles: ['stamp_manager', 'create_new_video_page'] });
  stamp = await session({ publisherId, roles: ['stamp_manager'] });
  viewer = await session({ publisherId });
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const storedFiles = () => {
  const folder = path.join(t.ctx.config.mediaDir, 'uploads', String(publisherId));
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('video uploads', () => {
  it('stores a valid 1280x720 6 s MP4 and answers its id and URL', async () => {
    const response = await upload('video', files.valid!);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data as { id: number; file: string };
    expect(data.file).toMatch(new RegExp(`^/media/uploads/${publisherId}/[0-9a-f-]+\\.mp4$`));
    const [row] = await t.ctx.db
      .select()
      .from(schema.uploadedObjects)
      .where(eq(schema.uploadedObjects.id, data.id));
    expect(row).toMatchObject({ publisherId, kind: 'video', mime: 'video/mp4', width: 1280, height: 720 });
    expect(row!.durationSeconds).toBeCloseTo(6, 0);
    const served = await t.app.inject({ method: 'GET', url: data.file });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await readFile(files.valid!))).toBe(true);
    const audits = await t.ctx.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.objectId, String(data.id)));
    expect(audits.some((a) => a.objectType === 'uploaded_object' && a.actionName === 'create')).toBe(true);
  });

  it.each([
    ['big', messages.videoTooBig],
    ['webm', messages.videoNotMp4],
    ['mpeg4', messages.videoNotMp4],
    ['vertical', messages.videoVertical],
    ['rotated', messages.videoVertical],
    ['huge', messages.videoResolutionTooHigh],
    ['small', messages.videoResolutionTooLow],
    ['long', messages.videoTooLong],
    ['short', messages.videoTooShort],
  ])('refuses the %s file with its catalogue message', async (key, message) => {
    const before = storedFiles().length;
    const response = await upload('video', files[key]!);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ success: false, errors: [message] });
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a file that is not a video at all, whatever its name', async () => {
    const response = await upload('video', Buffer.from('not a video, just text'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([messages.videoNotMp4]);
  });

  it('asks for a file when none was sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/stamp/uploaded_objects/create?file_type=video',
      headers: { ...video, 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([messages.videoFileRequired]);
  });

  it('keeps video uploads to create_new_video_page, and uploads to stamp_manager', async () => {
    expect((await upload('video', files.valid!, stamp)).statusCode).toBe(403);
    expect((await upload('image', files.png!, viewer, 'image/png')).statusCode).toBe(403);
  });

  it('reads the file only from the field named file', async () => {
    const body = multipart(await readFile(files.valid!), 'valid.mp4', 'video/mp4');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/stamp/uploaded_objects/create?file_type=video',
      headers: { ...video, 'content-type': body.contentType },
      payload: Buffer.from(body.payload.toString('latin1').replace('name="file"', 'name="other"'), 'latin1'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([messages.videoFileRequired]);
  });

  it('refuses an unknown file_type', async () => {
    expect((await upload('audio', files.valid!)).statusCode).toBe(400);
  });
});

describe('image uploads', () => {
  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['gif', 'image/gif', 'gif'],
  ])('stores a %s image, typed by its bytes', async (key, mime, ext) => {
    const response = await upload('image', files[key]!, stamp, 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data as { id: number; file: string };
    expect(data.file.endsWith(`.${ext}`)).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(schema.uploadedObjects)
      .where(eq(schema.uploadedObjects.id, data.id));
    expect(row).toMatchObject({ kind: 'image', mime, width: 640, height: 360 });
  });

  it('refuses a video or text sent as an image, and an image over 10 MB', async () => {
    for (const content of [await readFile(files.valid!), Buffer.from('<svg onload=alert(1)>')]) {
      const response = await upload('image', content, stamp, 'image/png');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        'Image format is not supported. Valid image formats: JPEG, JPG, GIF, PNG',
      ]);
    }
    const big = Buffer.concat([await readFile(files.png!), Buffer.alloc(10 * MB)]);
    const response = await upload('image', big, stamp, 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['Image file size is too big. Max file size is 10 MB.']);
  });
});
