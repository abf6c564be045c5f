// Story highlights downloads (one ZIP a story version): the audit list of a story's
// highlight MP4s, the story-highlights-zip job run by real BullMQ workers (archive entries and bytes
// checked with unzip, one job and one archive per story version), the 406xx rule, publisher scope, and
// a worker killed mid-job that leaves no archive under the final name and is recovered by another, and
// the retention purge of old archives and stale temp files.
import { jobMessages } from '@hc/shared/messages';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { HighlightsZipStatus, StoryHighlightFile } from '@hc/shared/api/story-downloads';
import { QUEUES } from '@hc/shared/queues';
import { STORY_ARCHIVE_RETENTION_DAYS } from '@hc/shared/job-contracts';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildHighlight, buildPublisher, buildUser } from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { buildStory, buildStoryPage, buildUploadedObject } from '../support/story-factories.ts';

type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
const workerScript = fileURLToPath(new URL('../support/story-zip-worker.ts', import.meta.url));
let t: TestApp;
let mediaDir: string;
let workers: RunningWorkers | null = null;
const children: ChildProcess[] = [];
let publisherId: number;
let zipper: Headers;
let stampOther: Headers;
let viewer406: Headers;
let foreignZipper: Headers;
let storyId: number;
let foreignStoryId: number;
/** The story's expected files: archive name and bytes. */
const expected: { name: string; bytes: Buffer; highlightId: number; path: string }[] = [];

const call = (method: 'GET' | 'POST', url: string, h: Headers) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers: h });

const writeMedia = async (
  relative: string,
  bytes = randomBytes(50_000 + Math.floor(Math.random() * 50_000)),
) => {
  await mkdir(path.dirname(path.join(mediaDir, relative)), { recursive: true });
  await writeFile(path.join(mediaDir, relative), bytes);
  return bytes;
};

const startZip = async (id: number, h = zipper) => {
  const response = await call('POST', `stamp/stories/${id}/highlights_zip`, h);
  expect(response.statusCode, response.body).toBe(202);
  return (response.json().data as { job_id: string }).job_id;
};
const statusOf = async (jobId: string, h = zipper) => {
  const response = await call('GET', `stamp/stories/highlights_zip/${jobId}`, h);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as HighlightsZipStatus;
};
const archiveDir = () => path.join(mediaDir, 'archives', 'story-highlights', String(publisherId));
/** The finished archives of a job: `{jobId}-{128 random bits}.zip` (the name must not be guessable). */
const archivesOf = async (jobId: string) =>
  (await readdir(archiveDir()).catch(() => [] as string[])).filter(
    (n) => n.startsWith(`${jobId}-`) && n.endsWith('.zip'),
  );
const ARCHIVE_NAME = /^story-\d+-\d+-[0-9a-f]{32}\.zip$/;
const archiveFile = async (jobId: string) => {
  const [name] = await archivesOf(jobId);
  return path.join(archiveDir(), name ?? `${jobId}-missing.zip`);
};

/** Checks the archive with unzip: every entry's CRC, the names in order, and each entry's bytes. */
function expectArchive(file: string, entries: { name: string; bytes: Buffer }[]) {
  execFileSync('unzip', ['-tq', file]); // exits non-zero on any CRC or structure error
  const names = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n').filter(Boolean);
  expect(names).toEqual(entries.map((e) => e.name));
  for (const entry of entries) {
    const bytes = execFileSync('unzip', ['-p', file, entry.name], { maxBuffer: 1 << 26 });
    expect(bytes.equals(entry.bytes), entry.name).toBe(true);
  }
}

function startWorkerProcess(delayMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      ZIP_TEST_DATABASE_URL: t.database.url,
      ZIP_TEST_REDIS_URL: redisUrl,
      ZIP_TEST_PREFIX: prefix,
      ZIP_TEST_MEDIA_DIR: mediaDir,
      ZIP_TEST_DELAY_MS: String(delayMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
  });
}

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  mediaDir = t.ctx.config.mediaDir;
  const db = t.ctx.db;
  publisherId = (await buildPublisher(db)).id;
  const otherPublisherId = (await buildPublisher(db)).id;
  const session = async (options: Parameters<typeof buildUser>[1], userIdentifier: string | null) => {
    const user = await buildUser(db, options);
    await db.update(schema.users).set({ userIdentifier }).where(eq(schema.users.id, user.id));
    return authOf(await login(t.app, user.email, user.password));
  };
  zipper = await session({ publisherId, roles: ['stamp_manager'] }, '40612');
  stampOther = await session({ publisherId, roles: ['stamp_manager'] }, '51234');
  viewer406 = await session({ publisherId }, '40613');
  foreignZipper = await session({ publisherId: otherPublisherId, roles: ['stamp_manager'] }, '40699');

  // The story: a cover image page, a page naming a highlight, a page with its own uploaded video, a
  // page with a media-store video_url, the same upload again, an inactive video page and an external URL.
  const story = await buildStory(db, publisherId, { title: 'Derby day' });
  storyId = story.id;
  const highlight = await buildHighlight(db, publisherId, { videoPath: 'highlights/derby-goal.mp4' });
  const upload = await buildUploadedObject(db, publisherId, { kind: 'video', path: 'uploads/t/save.mp4' });
  const unused = await buildUploadedObject(db, publisherId, { kind: 'video', path: 'uploads/t/unused.mp4' });
  await buildStoryPage(db, storyId, { ordinal: 0, title: 'Cover' });
  const goal = await buildStoryPage(db, storyId, {
    ordinal: 1,
    objectType: 'video',
    title: 'The goal!',
    videoUrl: 'highlights/derby-goal.mp4',
    metadata: { duration: 6, highlight_id: highlight.id },
  });
  const save = await buildStoryPage(db, storyId, {
    ordinal: 2,
    objectType: 'video',
    title: 'Keeper save',
    objectId: upload.id,
    videoUrl: upload.path,
  });
  const crowd = await buildStoryPage(db, storyId, {
    ordinal: 3,
    objectType: 'video',
    title: 'Crowd',
    videoUrl: '/media/clips/crowd%20noise.mp4',
  });
  await buildStoryPage(db, storyId, { ordinal: 4, objectType: 'video', title: 'Again', objectId: upload.id });
  await buildStoryPage(db, storyId, { ordinal: 5, objectType: 'video', objectId: unused.id, active: false });
  await buildStoryPage(db, storyId, {
    ordinal: 6,
    objectType: 'video',
    videoUrl: 'https://cdn.example/x.mp4',
  });
  expected.push(
    {
      name: `01-the-goal-${highlight.id}.mp4`,
      highlightId: highlight.id,
      path: highlight.videoPath,
      bytes: Buffer.alloc(0),
    },
    {
      name: `02-keeper-save-${save.id}.mp4`,
      highlightId: save.id,
      path: upload.path,
      bytes: Buffer.alloc(0),
    },
    {
      name: `03-crowd-${crowd.id}.mp4`,
      highlightId: crowd.id,
      path: 'clips/crowd noise.mp4',
      bytes: Buffer.alloc(0),
    },
  );
  for (const entry of expected) entry.bytes = await writeMedia(entry.path);
  await writeMedia(unused.path);
  expect(goal.id).toBeGreaterThan(0);
  foreignStoryId = (await buildStory(db, otherPublisherId)).id;
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await workers?.close();
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  for (const name of [QUEUES.storyHighlightsZip, QUEUES.maintenance]) {
    const queue = new Queue(name, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  connection.disconnect();
  await t?.close();
});

describe('GET highlights/audit_download_story', () => {
  it("lists the active video pages' highlight MP4s in page order, each file once, nothing external", async () => {
    const response = await call('GET', `highlights/audit_download_story?story_id=${storyId}`, stampOther);
    expect(response.statusCode, response.body).toBe(200);
    const files = response.json().data.files as StoryHighlightFile[];
    expect(files).toEqual(
      expected.map((e) => ({
        highlight_id: e.highlightId,
        filename: e.name,
        url: `/media/${e.path.split('/').map(encodeURIComponent).join('/')}`,
      })),
    );
    // The listed URLs are served by the media store.
    const media = await t.app.inject({ method: 'GET', url: files[2]!.url });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(expected[2]!.bytes)).toBe(true);
  });

  it("is a 404 for another publisher's story and a 403 without stamp_manager", async () => {
    expect(
      (await call('GET', `highlights/audit_download_story?story_id=${foreignStoryId}`, zipper)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `highlights/audit_download_story?story_id=${storyId}`, viewer406)).statusCode,
    ).toBe(403);
  });
});

describe('the zip calls: who may ask', () => {
  it('refuses a stamp_manager whose identifier is not 406 and two digits, and a 406xx user without the role', async () => {
    for (const h of [stampOther, viewer406]) {
      const start = await call('POST', `stamp/stories/${storyId}/highlights_zip`, h);
      expect(start.statusCode).toBe(403);
      expect(start.json()).toEqual({ success: false, errors: ['You do not have permission to do this.'] });
      expect((await call('GET', `stamp/stories/highlights_zip/story-${storyId}-1`, h)).statusCode).toBe(403);
    }
  });

  it('keeps each publisher to its own stories and jobs', async () => {
    expect((await call('POST', `stamp/stories/${foreignStoryId}/highlights_zip`, zipper)).statusCode).toBe(
      404,
    );
    const jobId = await startZip(storyId);
    expect((await call('GET', `stamp/stories/highlights_zip/${jobId}`, foreignZipper)).statusCode).toBe(404);
    expect((await call('GET', 'stamp/stories/highlights_zip/story-1-999', zipper)).statusCode).toBe(404);
    expect((await call('GET', 'stamp/stories/highlights_zip/not-a-job', zipper)).statusCode).toBe(400);
  });
});

describe('story-highlights-zip job', () => {
  it("writes one archive of the story's files with progress, and the same story version is the same job", async () => {
    const jobId = await startZip(storyId);
    const story = (await t.ctx.db.select().from(schema.stories).where(eq(schema.stories.id, storyId)))[0]!;
    expect(jobId).toBe(`story-${storyId}-${story.updatedAt.getTime()}`);
    expect(await startZip(storyId)).toBe(jobId); // asked twice before any worker ran: one job
    expect((await statusOf(jobId)).state).toBe('waiting');
    workers = await startWorkers({
      db: t.ctx.db,
      deployment: t.ctx.deployment.id,
      redisUrl,
      sessionIdleMinutes: 120,
      log: () => undefined,
      prefix,
      mediaDir,
      // Short checks like the worker processes': BullMQ's stalled check holds off others for one interval.
      // The lock outlasts a loaded machine's pauses (this process also runs the server and the test): a
      // lock lapsing while the job runs would make it stalled and run it twice.
      storyZip: { lockDurationMs: 10_000, stalledIntervalMs: 500 },
    });
    const done = await eventually(async () => {
      const status = await statusOf(jobId);
      expect(status.state).toBe('completed');
      return status;
    }, 15_000);
    expect(done).toEqual({
      state: 'completed',
      progress: 100,
      url: expect.stringMatching(
        new RegExp(`^/media/archives/story-highlights/${publisherId}/${jobId}-[0-9a-f]{32}\\.zip$`),
      ),
      outcome: { kind: 'done', url: done.url },
    });
    expect(path.basename(done.url!)).toMatch(ARCHIVE_NAME);
    expectArchive(await archiveFile(jobId), expected);
    const download = await t.app.inject({ method: 'GET', url: done.url! });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await readFile(await archiveFile(jobId)))).toBe(true);

    // Asking again for the same version: same job id, no second run, the archive untouched.
    const before = await stat(await archiveFile(jobId));
    expect(await startZip(storyId)).toBe(jobId);
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.storyHighlightsZip, { connection, prefix });
    try {
      const job = (await queue.getJob(jobId))!;
      expect(job.attemptsMade).toBe(1);
      expect(await queue.getJobCounts('waiting', 'active', 'completed')).toMatchObject({
        waiting: 0,
        active: 0,
        completed: 1,
      });
      // Ids only, and the id of the request that asked (logs follow it into the worker).
      // And the deployment that queued it: another deployment's worker on the same queue refuses it.
      expect(job.data).toMatchObject({ deployment: t.ctx.deployment.id });
      expect(Object.keys(job.data).sort()).toEqual([
        'deployment',
        'httpRequestId',
        'publisherId',
        'storyId',
        'userId',
        'version',
      ]);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const after = await stat(await archiveFile(jobId));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect((await readdir(archiveDir())).filter((n) => n.includes(`story-${storyId}-`))).toEqual(
      await archivesOf(jobId),
    );
    expect(await archivesOf(jobId)).toHaveLength(1);

    // A new version of the story is a new job.
    await t.ctx.db
      .update(schema.stories)
      .set({ updatedAt: sql`now() + interval '1 minute'` })
      .where(eq(schema.stories.id, storyId));
    const next = await startZip(storyId);
    expect(next).not.toBe(jobId);
    await eventually(async () => expect((await statusOf(next)).state).toBe('completed'), 15_000);
    expectArchive(await archiveFile(next), expected);
  });

  it('purges archives past their retention and stale temp files; a finished job whose archive is gone zips again', async () => {
    const jobId = await startZip(storyId); // the current version's finished job
    const archive = await archiveFile(jobId);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    await utimes(
      archive,
      daysAgo(STORY_ARCHIVE_RETENTION_DAYS + 1),
      daysAgo(STORY_ARCHIVE_RETENTION_DAYS + 1),
    );
    const staleTemp = path.join(archiveDir(), `.${jobId}.0123456789ab.part`);
    const liveTemp = path.join(archiveDir(), `.${jobId}.ba9876543210.part`);
    await writeFile(staleTemp, 'left by a killed job');
    await utimes(staleTemp, daysAgo(2), daysAgo(2));
    await writeFile(liveTemp, 'a job writing now');

    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const maintenance = new Queue(QUEUES.maintenance, { connection, prefix });
    try {
      const purge = await maintenance.add(
        'purge-story-archives',
        { maxAgeDays: STORY_ARCHIVE_RETENTION_DAYS },
        { jobId: `purge-archives-${randomBytes(3).toString('hex')}` },
      );
      await eventually(async () => expect(await purge.getState()).toBe('completed'), 15_000);
    } finally {
      await maintenance.close();
      connection.disconnect();
    }
    expect(await archivesOf(jobId)).toEqual([]);
    const left = await readdir(archiveDir());
    expect(left).not.toContain(path.basename(staleTemp));
    expect(left).toContain(path.basename(liveTemp));
    expect(left.filter((n) => n.endsWith('.zip')).length).toBeGreaterThan(0); // younger archives stay

    // The finished job's archive is gone: its status offers no link and says so, never done.
    expect(await statusOf(jobId)).toMatchObject({
      url: null,
      outcome: { kind: 'failed', error: jobMessages.fileMissing },
    });

    // The link of the purged archive is gone; asking again makes a new archive under the same job id.
    expect(await startZip(storyId)).toBe(jobId);
    const again = await eventually(async () => {
      const status = await statusOf(jobId);
      expect(status.state).toBe('completed');
      expect(status.url).toBeTruthy();
      return status;
    }, 15_000);
    expect(path.basename(again.url!)).not.toBe(path.basename(archive));
    expectArchive(await archiveFile(jobId), expected);
    await rm(liveTemp, { force: true });
  });

  it('survives a worker killed mid-job: no archive under the final name, then another worker completes it', async () => {
    await workers?.close();
    workers = null;
    // A story of many files, zipped by a worker in its own process.
    let lastPath = '';
    const story = await buildStory(t.ctx.db, publisherId, { title: 'Long night' });
    const entries: { name: string; bytes: Buffer }[] = [];
    for (let i = 1; i <= 8; i++) {
      const upload = await buildUploadedObject(t.ctx.db, publisherId, {
        kind: 'video',
        path: `uploads/long/${i}.mp4`,
      });
      const page = await buildStoryPage(t.ctx.db, story.id, {
        ordinal: i,
        objectType: 'video',
        title: `Clip ${i}`,
        objectId: upload.id,
      });
      const name = `${String(i).padStart(2, '0')}-clip-${i}-${page.id}.mp4`;
      if (i < 8) {
        entries.push({ name, bytes: await writeMedia(upload.path) });
        continue;
      }
      // The last file is a named pipe nobody writes: the first worker blocks reading it, so it cannot
      // finish before it is killed however slowly this test is scheduled (it is a regular file later).
      await mkdir(path.dirname(path.join(mediaDir, upload.path)), { recursive: true });
      execFileSync('mkfifo', [path.join(mediaDir, upload.path)]);
      entries.push({ name, bytes: randomBytes(50_000) });
      lastPath = upload.path;
    }
    const first = await startWorkerProcess(100);
    const jobId = await startZip(story.id);
    await eventually(async () => {
      const status = await statusOf(jobId);
      expect(status.state).toBe('active');
      expect(status.progress).toBeGreaterThan(0);
    }, 15_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => (first.exitCode === null ? first.once('exit', resolve) : resolve(null)));
    expect(await archivesOf(jobId)).toEqual([]);
    // The killed run's partial file is there, under a temp name only.
    expect((await readdir(archiveDir())).some((n) => n.startsWith(`.${jobId}.`) && n.endsWith('.part'))).toBe(
      true,
    );
    expect((await statusOf(jobId)).url).toBeNull();

    // The pipe becomes the file it stood for; the next worker reads it whole.
    await rm(path.join(mediaDir, lastPath));
    await writeMedia(lastPath, Buffer.from(entries[7]!.bytes));
    const second = await startWorkerProcess(0);
    await eventually(async () => expect((await statusOf(jobId)).state).toBe('completed'), 20_000);
    expectArchive(await archiveFile(jobId), entries);
    expect((await readdir(archiveDir())).filter((n) => n.includes(jobId))).toEqual(await archivesOf(jobId));
    expect(await archivesOf(jobId)).toHaveLength(1);
    second.kill('SIGTERM');
  });
});
