// A task waiting for a render that will never end it is not left out of every list: when its job is
// gone from the queue (Redis lost it) the workers put it back in review with 'Render lost: ...', and its
// Retry rebuilds the same job from the task's suggestion and renders it. A task whose render is simply
// waiting for a worker is left alone, however long it waits.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { jobMessages } from '@hc/shared/messages';
import { BULLMQ_CONNECTION_OPTIONS, type VerticalRenderJob } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { withLock } from '../support/locks.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
/** The workers look for lost renders of tasks queued longer than this (production: 2 minutes). */
const LOST_AFTER_MS = 1_000;

let t: TestApp;
let workers: RunningWorkers | null = null;
let queue: Queue<VerticalRenderJob>;
let publisherId: number;
let reviewer: Headers;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });
const taskRow = async (videoId: number) =>
  (await t.ctx.db.select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;
const startWorkersHere = () =>
  startWorkers({
    db: t.ctx.db,
    deployment: t.ctx.deployment.id,
    redisUrl,
    sessionIdleMinutes: 60,
    prefix,
    mediaDir: t.ctx.config.mediaDir,
    lostRenderAfterMs: LOST_AFTER_MS,
    log: () => undefined,
  });

async function approvedTask() {
  const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
    publisherId,
    plans: [{ startTime: 2, endTime: 4, active: true }],
  });
  const fenced = await withLock(t.app, reviewer, 'vertical_task', videoId);
  const response = await call('POST', 'vertical_video/approve', fenced, {
    vertical_content_id: suggestionIds[0],
    content_type: 'highlight',
    quality: 'good',
  });
  expect(response.statusCode, response.body).toBe(202);
  return { videoId, jobId: (response.json().data as { job_id: string }).job_id };
}

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  await makeSourceVideo(t.ctx.config.mediaDir);
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['switch_publisher'] });
  reviewer = authOf(await login(t.app, user.email, user.password));
  queue = new Queue(QUEUES.verticalRender, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
});

afterAll(async () => {
  await workers?.close();
  if (queue) {
    await queue.obliterate({ force: true });
    const connection = await queue.client;
    await queue.close();
    connection.disconnect();
  }
  await t?.close();
});

describe('a render lost from the queue', () => {
  it('puts its task back in review with the reason; Retry queues the same job again and it renders', async () => {
    // No worker yet: one render waits (left alone), the other's job is lost.
    const waiting = await approvedTask();
    const lost = await approvedTask();
    await (await queue.getJob(lost.jobId))!.remove();
    // Both have waited past the bound by the time the workers look.
    await t.ctx.db
      .update(schema.verticalTasks)
      .set({ updatedAt: new Date(Date.now() - 10 * LOST_AFTER_MS) })
      .where(eq(schema.verticalTasks.videoId, waiting.videoId));
    await t.ctx.db
      .update(schema.verticalTasks)
      .set({ updatedAt: new Date(Date.now() - 10 * LOST_AFTER_MS) })
      .where(eq(schema.verticalTasks.videoId, lost.videoId));
    // A worker that takes no render (paused) but sweeps: only the lost one goes back to review.
    await queue.pause();
    workers = await startWorkersHere();
    const tag = jobMessages.renderLostTag(jobMessages.renderLost);
    await eventually(
      async () =>
        expect(await taskRow(lost.videoId)).toMatchObject({
          status: 'review',
          renderState: 'failed',
          renderError: tag,
        }),
      20_000,
      100,
    );
    const list = await call(
      'GET',
      'vertical_tasks?status=review&content_type=highlight&page=1&per=100&from=120',
      reviewer,
    );
    const ids = (list.json().data.tasks as { video_id: number }[]).map((task) => task.video_id);
    expect(ids).toContain(lost.videoId);
    expect(ids).not.toContain(waiting.videoId);
    expect(await taskRow(waiting.videoId)).toMatchObject({ renderState: 'queued', renderError: null });

    // Retry: the job rebuilt from the task's suggestion, under the same id; rendered once the queue runs.
    const retried = await call('POST', 'vertical_video/render/retry', reviewer, {
      video_id: lost.videoId,
      render_job_id: lost.jobId,
    });
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json().data.job_id).toBe(lost.jobId);
    expect(['waiting', 'paused']).toContain(await (await queue.getJob(lost.jobId))?.getState());
    await queue.resume();
    for (const { videoId } of [lost, waiting]) {
      const row = await eventually(
        async () => {
          const found = await taskRow(videoId);
          expect(found.status).toBe('ready');
          return found;
        },
        40_000,
        100,
      );
      expect((await stat(path.join(t.ctx.config.mediaDir, row.videoPath!))).isFile()).toBe(true);
    }
  }, 90_000);
});
