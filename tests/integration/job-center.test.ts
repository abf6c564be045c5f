// The job center (GET jobs, POST jobs/:id/retry, POST jobs/:id/cancel) on the real server, PostgreSQL,
// Redis and BullMQ workers: a user lists only the jobs they started in the publisher they act for, an
// admin everyone's (filterable by user, kind and state); pages are keyset pages with bounded sizes; a
// waiting story archive can be cancelled (gone from the queue, the row says who), a kind that cannot be is
// refused; the worker keeps each row's state, progress, link and error; a failed job is retried as a new
// start of whoever clicked, and a finished one cannot be.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { JobEntry, JobList } from '@hc/shared/api/job-center';
import { jobCenterMessages, messages } from '@hc/shared/messages';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { startRecordedJob } from '../../apps/server/src/features/job-center/records.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';

type Headers = Record<string, string>;
type Session = { headers: Headers; userId: number };

const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let workers: RunningWorkers | null = null;
let publisherId: number;
let zipper: Session;
let colleague: Session;
let outsider: Session;
let admin: Session;

const call = (method: 'GET' | 'POST', url: string, who: Session) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers: who.headers });

async function session(options: Parameters<typeof buildUser>[1], userIdentifier: string | null) {
  const user = await buildUser(t.ctx.db, options);
  await t.ctx.db.update(schema.users).set({ userIdentifier }).where(eq(schema.users.id, user.id));
  const logged = await login(t.app, user.email, user.password);
  return { headers: authOf(logged), userId: user.id };
}

const list = async (who: Session, query = '') => {
  const response = await call('GET', `jobs${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as JobList;
};

const rowOf = async (who: Session, id: number) =>
  (await list(who, '?limit=100')).jobs.find((job) => job.id === id);

async function storyWithVideos(files: number, inPublisher = publisherId) {
  const story = await buildStory(t.ctx.db, inPublisher, { title: `Jobs ${randomBytes(3).toString('hex')}` });
  for (let i = 0; i < files; i++) {
    const relative = `clips/${story.id}/clip-${i}.mp4`;
    const full = path.join(t.ctx.config.mediaDir, relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, randomBytes(10_000));
    await buildStoryPage(t.ctx.db, story.id, {
      ordinal: i,
      objectType: 'video',
      title: `Clip ${i}`,
      videoUrl: relative,
    });
  }
  return story;
}

/** Starts a story archive and answers the job center row it wrote. */
async function startZip(who: Session, storyId: number): Promise<JobEntry> {
  const response = await call('POST', `stamp/stories/${storyId}/highlights_zip`, who);
  expect(response.statusCode, response.body).toBe(202);
  const jobId = (response.json().data as { job_id: string }).job_id;
  const row = (await list(who, `?kind=${QUEUES.storyHighlightsZip}`)).jobs.find((j) => j.job_id === jobId);
  expect(row).toBeDefined();
  return row!;
}

const runWorkers = async () => {
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
};

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  publisherId = (await buildPublisher(t.ctx.db)).id;
  zipper = await session({ publisherId, roles: ['stamp_manager'] }, '40621');
  colleague = await session({ publisherId, roles: ['stamp_manager'] }, '40622');
  outsider = await session(
    { publisherId: (await buildPublisher(t.ctx.db)).id, roles: ['stamp_manager'] },
    '40623',
  );
  admin = await session({ publisherId: (await buildPublisher(t.ctx.db)).id, isAdmin: true }, null);
}, 60_000);

afterAll(async () => {
  await workers?.close();
  await t?.close();
});

describe('job center', () => {
  it('lists a user their own jobs of their publisher, an admin everyone’s, in bounded keyset pages', async () => {
    const stories = [await storyWithVideos(1), await storyWithVideos(1), await storyWithVideos(1)];
    const started = [];
    for (const story of stories) started.push(await startZip(zipper, story.id));
    expect(started[0]).toMatchObject({
      kind: QUEUES.storyHighlightsZip,
      state: 'queued',
      label: stories[0]!.title,
      subject_path: `/stamp/${stories[0]!.id}`,
      user_id: zipper.userId,
      publisher_id: publisherId,
      can_cancel: true,
      can_retry: false,
    });
    // Asking again for a waiting archive is the same start: no second row.
    await call('POST', `stamp/stories/${stories[0]!.id}/highlights_zip`, zipper);
    expect((await list(zipper)).jobs).toHaveLength(3);

    // Keyset pages: newest first, no row twice, the last page says there is no next one.
    const first = await list(zipper, '?limit=2');
    expect(first.jobs.map((j) => j.id)).toEqual([started[2]!.id, started[1]!.id]);
    expect(first.next_cursor).toBe(started[1]!.id);
    const second = await list(zipper, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.jobs.map((j) => j.id)).toEqual([started[0]!.id]);
    expect(second.next_cursor).toBeNull();

    // Same publisher, same role, another user: none of them; another publisher: none either.
    expect((await list(colleague)).jobs).toEqual([]);
    expect((await list(outsider)).jobs).toEqual([]);
    // Someone else's jobs are an admin's to list.
    expect((await call('GET', `jobs?user_id=${zipper.userId}`, colleague)).statusCode).toBe(403);
    // The admin sees them, by user, kind and state.
    const byUser = await list(
      admin,
      `?user_id=${zipper.userId}&kind=${QUEUES.storyHighlightsZip}&state=queued`,
    );
    expect(byUser.jobs.map((j) => j.id).sort()).toEqual(started.map((j) => j.id).sort());
    expect((await list(admin, `?user_id=${zipper.userId}&state=done`)).jobs).toEqual([]);
    expect((await list(admin, `?kind=${QUEUES.verticalRender}`)).jobs).toEqual([]);

    // Bounds: every input checked, 400 never 500.
    for (const query of [
      'limit=101',
      'limit=0',
      'cursor=-1',
      'kind=maintenance',
      'state=lost',
      'user_id=abc',
    ])
      expect((await call('GET', `jobs?${query}`, admin)).statusCode, query).toBe(400);

    // Another user's row cannot be acted on, nor learnt of.
    expect((await call('POST', `jobs/${started[0]!.id}/cancel`, colleague)).statusCode).toBe(404);
    expect((await call('POST', `jobs/${started[0]!.id}/retry`, outsider)).statusCode).toBe(404);
    expect((await call('GET', 'jobs', { headers: {}, userId: 0 })).statusCode).toBe(401);
  });

  it('cancels a waiting story archive: gone from the queue, the row says who, and it is audited', async () => {
    const story = await storyWithVideos(1);
    const row = await startZip(zipper, story.id);
    const response = await call('POST', `jobs/${row.id}/cancel`, zipper);
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json().data as JobEntry;
    expect(cancelled).toMatchObject({ state: 'cancelled', can_cancel: false, can_retry: false });
    expect(cancelled.error).toContain('Cancelled by');
    expect(cancelled.finished_at).not.toBeNull();
    const queue = new Queue(QUEUES.storyHighlightsZip, { connection: { url: redisUrl }, prefix });
    try {
      expect(await queue.getJob(row.job_id)).toBeUndefined();
    } finally {
      await queue.close();
    }
    // Twice is refused with the reason.
    const again = await call('POST', `jobs/${row.id}/cancel`, zipper);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([jobCenterMessages.notWaiting]);
    const audits = await t.ctx.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.objectType, 'job'), eq(schema.auditLog.objectId, String(row.id))));
    expect(audits.map((a) => a.actionName)).toEqual(['cancel_job']);

    // A kind whose waiting cannot be undone (a render leaves its task waiting on it) is refused.
    const [render] = await t.ctx.db
      .insert(schema.consoleJobs)
      .values({
        publisherId,
        userId: zipper.userId,
        userEmail: 'someone@example.com',
        queue: QUEUES.verticalRender,
        jobId: 'vertical-1-1-v1',
        label: 'Video 1',
      })
      .returning();
    const refused = await call('POST', `jobs/${render!.id}/cancel`, zipper);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([jobCenterMessages.notCancellable]);
    const noRetry = await call('POST', `jobs/${render!.id}/retry`, zipper);
    expect(noRetry.statusCode).toBe(422);
  });

  it("keeps each row's state from the worker, and retries a failed job as the clicker's new start", async () => {
    await runWorkers();
    // Every job queued by the tests above runs now; a fresh one is followed to its end.
    const good = await storyWithVideos(2);
    const done = await startZip(zipper, good.id);
    // The worker first runs every archive the tests above queued: on a loaded machine that took over 20 s.
    const finished = await eventually(async () => {
      const row = await rowOf(zipper, done.id);
      expect(row?.state).toBe('done');
      return row!;
    }, 60_000);
    expect(finished.progress).toBe(100);
    expect(finished.link).toMatch(/^\/media\/archives\/story-highlights\//);
    expect(finished.started_at).not.toBeNull();
    expect(finished.finished_at).not.toBeNull();
    expect(finished.can_retry).toBe(false);
    const notFailed = await call('POST', `jobs/${done.id}/retry`, zipper);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().errors).toEqual([jobCenterMessages.notFailed]);

    // A job that fails for good: the story is gone when it runs.
    await workers!.close();
    workers = null;
    const doomed = await storyWithVideos(1);
    const failing = await startZip(zipper, doomed.id);
    await t.ctx.db.delete(schema.storyPages).where(eq(schema.storyPages.storyId, doomed.id));
    await t.ctx.db.delete(schema.stories).where(eq(schema.stories.id, doomed.id));
    await runWorkers();
    const failed = await eventually(async () => {
      const row = await rowOf(zipper, failing.id);
      expect(row?.state).toBe('failed');
      return row!;
    }, 20_000);
    expect(failed).toMatchObject({ error: messages.somethingWentWrong, can_retry: true, can_cancel: false });

    // The admin retries it: a new start of theirs, the old row left as it ended.
    const retried = await call('POST', `jobs/${failing.id}/retry`, admin);
    expect(retried.statusCode, retried.body).toBe(202);
    const again = retried.json().data as JobEntry;
    expect(again).toMatchObject({ job_id: failing.job_id, user_id: admin.userId, state: expect.any(String) });
    expect(again.id).toBeGreaterThan(failing.id);
    expect((await rowOf(zipper, failing.id))?.state).toBe('failed');
    // The old row is no longer the job's latest start.
    const stale = await call('POST', `jobs/${failing.id}/retry`, zipper);
    expect(stale.statusCode).toBe(409);
    // The retry runs, and fails the same way, on the admin's row.
    await eventually(async () => {
      const row = (await list(admin, `?user_id=${admin.userId}`)).jobs.find((j) => j.id === again.id);
      expect(row?.state).toBe('failed');
    }, 20_000);
  }, 150_000);

  it("writes a start's row before its job is queued, and takes it back when the job could not be", async () => {
    const caller = { userId: zipper.userId, email: 'zipper@example.test', publisherId };
    const start = { queue: QUEUES.reportFill, label: 'Workbook ordering' } as const;
    const rowsOf = (jobId: string) =>
      t.ctx.db
        .select({ state: schema.consoleJobs.state })
        .from(schema.consoleJobs)
        .where(and(eq(schema.consoleJobs.queue, start.queue), eq(schema.consoleJobs.jobId, jobId)));

    // A worker that finished the job the moment it was queued reports to the row that is already there.
    const seenWhileQueueing = await startRecordedJob(
      t.ctx.db,
      caller,
      { ...start, jobId: 'ordering-1' },
      () => rowsOf('ordering-1'),
    );
    expect(seenWhileQueueing).toEqual([{ state: 'queued' }]);

    // Redis refused the job: nothing is listed that never ran.
    await expect(
      startRecordedJob(t.ctx.db, caller, { ...start, jobId: 'ordering-2' }, () =>
        Promise.reject(new Error('queue unavailable')),
      ),
    ).rejects.toThrow('queue unavailable');
    expect(await rowsOf('ordering-2')).toEqual([]);
  });
});
