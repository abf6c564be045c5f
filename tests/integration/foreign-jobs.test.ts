// A job stamped by another deployment is refused: when two deployments are given the same JOBS_PREFIX on
// one Redis, each still sees the other's jobs in its queues (and job ids derive from database ids, which
// both have). The worker fails such a job at once, before its processor runs, with a warning naming both
// deployments, and nothing of this deployment changes (the task with that id, its media, its live
// progress); the server does not answer another deployment's job as its own. The real app and workers on
// a real database and Redis.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { foreignJobReason } from '@hc/worker/deployment-worker';
import {
  BULLMQ_CONNECTION_OPTIONS,
  verticalRenderJobId,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

const prefix = `hc-test-foreign-${randomBytes(4).toString('hex')}`;
/** Another deployment's id, as deployment.ts makes them. */
const OTHER = 'hc-0123456789abcdef';

let t: TestApp;
let workers: RunningWorkers;
let queue: Queue<VerticalRenderJob>;
let connection: Redis;
let publisherId: number;
let reviewer: Record<string, string>;
const warnings: { message: string; details?: object }[] = [];
const logged: { message: string; details?: object }[] = [];

/** A render job of the task, stamped as `deployment` says, its id the one its task names. */
async function taskWithRender(deployment: string) {
  const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
  const [suggestion] = await t.ctx.db
    .select()
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionIds[0]!));
  const job: VerticalRenderJob = {
    videoId,
    publisherId,
    suggestionId: suggestion!.id,
    keyframeFileId: suggestion!.keyframeFileId!,
    keyframeVersion: 1,
    startTime: 2,
    endTime: 4,
  };
  const jobId = verticalRenderJobId(job);
  await t.ctx.db
    .update(schema.verticalTasks)
    .set({ renderState: 'queued', renderJobId: jobId })
    .where(eq(schema.verticalTasks.videoId, videoId));
  const data = { ...job, deployment } as VerticalRenderJob;
  await queue.add('render', data, { jobId, attempts: 3 });
  return { videoId, jobId };
}

const taskRow = async (videoId: number) =>
  (await t.ctx.db.select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;

const rendersOnDisk = async () =>
  readdir(path.join(t.ctx.config.mediaDir, 'vertical', String(publisherId))).catch(() => [] as string[]);

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  await makeSourceVideo(t.ctx.config.mediaDir);
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['switch_publisher'] });
  reviewer = authOf(await login(t.app, user.email, user.password));
  workers = await startWorkers({
    db: t.ctx.db,
    deployment: t.ctx.deployment.id,
    redisUrl,
    sessionIdleMinutes: 60,
    prefix,
    mediaDir: t.ctx.config.mediaDir,
    log: (message, details) => logged.push({ message, details }),
    warn: (message, details) => warnings.push({ message, details }),
  });
  connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
  queue = new Queue<VerticalRenderJob>(QUEUES.verticalRender, { connection, prefix });
}, 60_000);

afterAll(async () => {
  await workers?.close();
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  connection?.disconnect();
  await t?.close();
});

describe('a job of another deployment', () => {
  it('is failed at once without running, with a warning naming both deployments, and changes nothing here', async () => {
    const own = t.ctx.deployment.id;
    expect(own).not.toBe(OTHER);
    const { videoId, jobId } = await taskWithRender(OTHER);

    // Read the job only once it is failed: a copy read while it was still active has no reason yet.
    await eventually(async () => expect(await queue.getJobState(jobId)).toBe('failed'), 20_000);
    const job = (await queue.getJob(jobId))!;
    expect(job.failedReason).toBe(foreignJobReason(OTHER, own));
    // Failed for good on its first attempt: not retried, never handed to the processor.
    expect(job.attemptsMade).toBe(1);
    expect(warnings).toContainEqual({
      message: 'job of another deployment refused',
      details: expect.objectContaining({ jobId, jobDeployment: OTHER, ownDeployment: own }),
    });
    // None of its worker events reached this deployment's listeners (no 'job started' or 'job failed').
    expect(
      logged.filter((line) => (line.details as { jobId?: string } | undefined)?.jobId === jobId),
    ).toEqual([]);
    // The task of the same id here is as it was: still queued, no error, no video, no file.
    expect(await taskRow(videoId)).toMatchObject({
      status: 'review',
      renderState: 'queued',
      renderError: null,
      videoPath: null,
    });
    expect(await rendersOnDisk()).toEqual([]);

    // The server does not answer the other deployment's job as this one's.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/vertical_video/render_jobs/${jobId}`,
      headers: reviewer,
    });
    expect(status.statusCode, status.body).toBe(404);
  }, 30_000);

  it('while this deployment’s own job on the same queue is rendered', async () => {
    const { videoId, jobId } = await taskWithRender(t.ctx.deployment.id);
    await eventually(
      async () => expect(await (await queue.getJob(jobId))?.getState()).toBe('completed'),
      60_000,
      200,
    );
    expect(await taskRow(videoId)).toMatchObject({ status: 'ready', renderState: null });
    expect(await rendersOnDisk()).toHaveLength(1);
  }, 90_000);
});
