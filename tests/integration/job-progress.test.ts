// Job progress over the live channel: real jobs run by the real BullMQ workers report
// to the socket.io room of the user who started them (handshake auth {email, token} on the real server
// at /socket.io): a story highlights archive reports started, its progress and done with the archive's
// link (the one its status call answers); a grid submit that fails its checks reports failed with its
// first error; a report fill reports done with the workbook's download link; a job that fails for good
// reports failed once, its internal cause not shown; another user's socket, even of the same publisher,
// receives nothing.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridSubmitData } from '@hc/shared/api/ad-grid';
import type { HighlightsZipStatus } from '@hc/shared/api/story-downloads';
import type { JobProgressEvent, ServerToClientEvents } from '@hc/shared/live/events';
import { messages } from '@hc/shared/messages';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { buildConfiguredPublisher } from '../support/monetization-factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';

type Headers = Record<string, string>;
type Session = { headers: Headers; email: string; token: string };
type LiveSocket = Socket<ServerToClientEvents>;

const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let origin: string;
let workers: RunningWorkers;
let publisherId: number;
let placementId: number;
let zipper: Session;
let colleague: Session;
let admin: Session;
const sockets: LiveSocket[] = [];
/** Every job_progress event each socket received, in order. */
const received = new Map<LiveSocket, JobProgressEvent[]>();

const call = (method: 'GET' | 'POST', url: string, h: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers: h, payload });

async function session(options: Parameters<typeof buildUser>[1], userIdentifier: string | null) {
  const user = await buildUser(t.ctx.db, options);
  await t.ctx.db.update(schema.users).set({ userIdentifier }).where(eq(schema.users.id, user.id));
  const logged = await login(t.app, user.email, user.password);
  return { headers: authOf(logged), email: logged['x-user-email'], token: logged.token };
}

/** A browser's live connection: the session in the handshake's auth payload, never in the URL. */
async function connect(who: Session): Promise<LiveSocket> {
  const socket: LiveSocket = io(origin, {
    path: '/socket.io',
    auth: { email: who.email, token: who.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const events: JobProgressEvent[] = [];
  received.set(socket, events);
  socket.on('job_progress', (event) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const eventsOf = (socket: LiveSocket, jobId: string) =>
  received.get(socket)!.filter((e) => e.job_id === jobId);

/** Waits for the job's last event to be done or failed, and answers all of its events. */
const finished = (socket: LiveSocket, jobId: string) =>
  eventually(() => {
    const events = eventsOf(socket, jobId);
    expect(['done', 'failed']).toContain(events.at(-1)?.state);
    return events;
  }, 20_000);

/** A story of `files` video pages, each a media-store MP4 of its own. */
async function storyWithVideos(files: number) {
  const story = await buildStory(t.ctx.db, publisherId, { title: `Live ${randomBytes(3).toString('hex')}` });
  for (let i = 0; i < files; i++) {
    const relative = `clips/${story.id}/clip-${i}.mp4`;
    const full = path.join(t.ctx.config.mediaDir, relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, randomBytes(20_000));
    await buildStoryPage(t.ctx.db, story.id, {
      ordinal: i,
      objectType: 'video',
      title: `Clip ${i}`,
      videoUrl: relative,
    });
  }
  return story.id;
}

const startZip = async (storyId: number, who = zipper) => {
  const response = await call('POST', `stamp/stories/${storyId}/highlights_zip`, who.headers);
  expect(response.statusCode, response.body).toBe(202);
  return (response.json().data as { job_id: string }).job_id;
};

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  workers = await startWorkers({
    db: t.ctx.db,
    deployment: t.ctx.deployment.id,
    redisUrl,
    sessionIdleMinutes: 120,
    log: () => undefined,
    prefix,
    mediaDir: t.ctx.config.mediaDir,
    // A pause per file, so the archive's progress is reported step by step.
    storyZip: { delayPerFileMs: 100 },
    liveKeyPrefix: t.ctx.redis.options.keyPrefix,
  });
  const grid = await buildConfiguredPublisher(t.ctx.db, 'Alpha Daily');
  publisherId = grid.publisher.id;
  placementId = grid.placement.id;
  zipper = await session({ publisherId, roles: ['stamp_manager'] }, '40612');
  colleague = await session({ publisherId, roles: ['stamp_manager'] }, '40613');
  admin = await session({ publisherId: (await buildPublisher(t.ctx.db)).id, isAdmin: true }, null);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await workers?.close();
  await t?.close();
});

describe('job progress over the live channel', () => {
  it("reports a story archive's start, progress and done with its link to the user who started it only", async () => {
    const mine = await connect(zipper);
    const theirs = await connect(colleague);
    const storyId = await storyWithVideos(3);
    const jobId = await startZip(storyId);

    const events = await finished(mine, jobId);
    const status = (await call('GET', `stamp/stories/highlights_zip/${jobId}`, zipper.headers)).json()
      .data as HighlightsZipStatus;
    expect(status.state).toBe('completed');
    expect(status.url).toMatch(/^\/media\/archives\/story-highlights\//);

    expect(events[0]).toEqual({
      queue: QUEUES.storyHighlightsZip,
      job_id: jobId,
      state: 'started',
      progress: 0,
      link: null,
      error: null,
    });
    expect(events.at(-1)).toEqual({
      queue: QUEUES.storyHighlightsZip,
      job_id: jobId,
      state: 'done',
      progress: 100,
      link: status.url,
      error: null,
    });
    // One progress event per file (33, 66, 99), then 100 once the archive is in place.
    const progress = events.filter((e) => e.state === 'progress');
    expect(progress.map((e) => e.progress)).toEqual([33, 66, 99, 100]);
    expect(progress.every((e) => e.link === null && e.error === null)).toBe(true);
    expect(events).toHaveLength(progress.length + 2);

    // The colleague's socket (same publisher, same role) heard nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.get(theirs)).toEqual([]);
    // The archive is downloadable at the link.
    const download = await t.app.inject({ method: 'GET', url: status.url! });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
  }, 30_000);

  it('reports a grid submit that fails its checks as failed with its first error', async () => {
    const mine = await connect(admin);
    const other = await connect(zipper);
    // Two problems: a placement without its mandatory description and a size that is not allowed.
    const data: GridSubmitData = {
      publisher: [],
      placement: [{ key: `placement:${placementId}`, changes: { description: '' } }],
      display: [{ key: `display:${publisherId}:desktop`, changes: { supportedSizes: [[111, 222]] } }],
      displayPlacement: [],
    };
    const response = await call('POST', 'monetization_setup/submit', admin.headers, {
      data,
      session_id: `live-${randomBytes(4).toString('hex')}`,
    });
    expect(response.statusCode, response.body).toBe(202);
    const jobId = (response.json().data as { job_id: string }).job_id;

    const events = await finished(mine, jobId);
    const status = (await call('GET', `monetization_setup/submit/${jobId}`, admin.headers)).json().data as {
      state: string;
      errors: string[];
    };
    expect(status.state).toBe('failed');
    expect(status.errors.length).toBeGreaterThan(1);
    expect(events[0]).toMatchObject({ state: 'started', job_id: jobId, queue: QUEUES.monetizationSubmit });
    expect(events.at(-1)).toEqual({
      queue: QUEUES.monetizationSubmit,
      job_id: jobId,
      state: 'failed',
      progress: 100,
      link: null,
      error: status.errors[0],
    });
    expect(events.filter((e) => e.state === 'failed' || e.state === 'done')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.get(other)!.filter((e) => e.job_id === jobId)).toEqual([]);
  }, 30_000);

  it("reports a report fill's done with the workbook's download link, the one its status call answers", async () => {
    const mine = await connect(admin);
    const created = await call('POST', 'bulk-update/workbooks', admin.headers);
    expect(created.statusCode, created.body).toBe(201);
    const response = await call('POST', 'bulk-update/fill', admin.headers, {
      external_id: (created.json().data as { external_id: string }).external_id,
      publisher_ids: [publisherId],
    });
    expect(response.statusCode, response.body).toBe(202);
    const jobId = (response.json().data as { job_id: string }).job_id;

    const events = await finished(mine, jobId);
    const status = (await call('GET', `bulk-update/jobs/${jobId}`, admin.headers)).json().data as {
      state: string;
      link: string | null;
    };
    expect(status.state).toBe('completed');
    expect(events.map((e) => e.state)).toEqual(['started', 'progress', 'progress', 'progress', 'done']);
    expect(events.at(-1)).toEqual({
      queue: QUEUES.reportFill,
      job_id: jobId,
      state: 'done',
      progress: 100,
      link: status.link,
      error: null,
    });
    const workbook = await t.app.inject({ method: 'GET', url: status.link! });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toContain('spreadsheetml');
  }, 30_000);

  it('reports a job that fails for good once, its internal cause kept from the user', async () => {
    const mine = await connect(zipper);
    const storyId = await storyWithVideos(1);
    // The story is gone by the time the job runs: an unrecoverable failure, no retry.
    await workers.close();
    const jobId = await startZip(storyId);
    await t.ctx.db.delete(schema.storyPages).where(eq(schema.storyPages.storyId, storyId));
    await t.ctx.db.delete(schema.stories).where(eq(schema.stories.id, storyId));
    workers = await startWorkers({
      db: t.ctx.db,
      deployment: t.ctx.deployment.id,
      redisUrl,
      sessionIdleMinutes: 120,
      log: () => undefined,
      prefix,
      mediaDir: t.ctx.config.mediaDir,
      liveKeyPrefix: t.ctx.redis.options.keyPrefix,
    });

    const events = await finished(mine, jobId);
    expect(events.map((e) => e.state)).toEqual(['started', 'failed']);
    expect(events[1]).toEqual({
      queue: QUEUES.storyHighlightsZip,
      job_id: jobId,
      state: 'failed',
      progress: 0,
      link: null,
      error: messages.somethingWentWrong,
    });
  }, 30_000);
});
