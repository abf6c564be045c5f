// Model-based: random interleavings of approve, Retry (single and double clicks), a worker finishing the
// next render (the real processor and real ffmpeg, stepped by the test through BullMQ's manual
// processing), a source broken or fixed, a suggestion saved by someone else, and an MP4 deleted behind
// the console's back. After every step, what the console shows is checked against what really happened:
// - a render status says done only when the job really rendered and its MP4 exists; skipped only for a
//   job that made nothing; failed always with a message;
// - the task is always in some list: in review (with its tag when its render ended without an MP4), or
//   rendering with its job still waiting in the queue, or ready with its MP4;
// - a double click on Retry makes one job.
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { RenderJobStatus, VerticalTask } from '@hc/shared/api/vertical';
import { renderTagOf } from '@hc/shared/jobs';
import { verticalRenderProcessor } from '@hc/worker/processors/vertical-render';
import {
  type VerticalRenderResult,
  BULLMQ_CONNECTION_OPTIONS,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { withLock } from '../support/locks.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { redisUrl } from '../support/services.ts';
import { buildVerticalTask, makeSourceVideo, SOURCE_PATH } from '../support/vertical-factories.ts';

type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
const TOKEN = 'model-worker';

let t: TestApp;
let mediaDir: string;
let queue: Queue<VerticalRenderJob>;
let worker: Worker<VerticalRenderJob>;
let publisherId: number;
let reviewer: Headers;
const renderer = () => verticalRenderProcessor({ db: t.ctx.db, mediaDir, log: () => undefined });

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });
const taskRow = async (videoId: number) =>
  (await t.ctx.db.select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  mediaDir = t.ctx.config.mediaDir;
  await makeSourceVideo(mediaDir);
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['switch_publisher'] });
  reviewer = authOf(await login(t.app, user.email, user.password));
  queue = new Queue(QUEUES.verticalRender, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
  // No processor: the test takes each job and runs the real processor when the model says so.
  worker = new Worker<VerticalRenderJob>(QUEUES.verticalRender, null, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
});

afterAll(async () => {
  await worker?.close();
  if (queue) {
    await queue.obliterate({ force: true });
    const connection = await queue.client;
    await queue.close();
    connection.disconnect();
  }
  await t?.close();
});

/** One model task: its own copy of the source, which a step may break or fix. */
interface ModelTask {
  videoId: number;
  suggestionId: number;
  keyframeFileId: number;
  source: string;
}

async function newTask(): Promise<ModelTask> {
  const source = `model/${randomBytes(6).toString('hex')}.mp4`;
  await mkdir(path.join(mediaDir, 'model'), { recursive: true });
  await copyFile(path.join(mediaDir, SOURCE_PATH), path.join(mediaDir, source));
  const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
    publisherId,
    srcVideoPath: source,
    plans: [{ startTime: 2, endTime: 3, active: true }],
  });
  const [suggestion] = await t.ctx.db
    .select({ keyframeFileId: schema.verticalSuggestions.keyframeFileId })
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionIds[0]!));
  const [file] = await t.ctx.db
    .select()
    .from(schema.keyframeFiles)
    .where(eq(schema.keyframeFiles.id, suggestion!.keyframeFileId!));
  // A small output: each render is a fraction of a second.
  await t.ctx.db
    .update(schema.keyframeFiles)
    .set({ data: { ...file!.data, output_vertical_width: 90, output_vertical_height: 160 } })
    .where(eq(schema.keyframeFiles.id, file!.id));
  return { videoId, suggestionId: suggestionIds[0]!, keyframeFileId: file!.id, source };
}

type Step =
  | { kind: 'approve'; task: number }
  | { kind: 'retry'; task: number; double: boolean }
  | { kind: 'work' }
  | { kind: 'break'; task: number }
  | { kind: 'fix'; task: number }
  | { kind: 'save'; task: number }
  | { kind: 'deleteMp4'; task: number };

const TASKS = 2;
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('approve' as const), task: fc.nat(TASKS - 1) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('retry' as const),
      task: fc.nat(TASKS - 1),
      double: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('work' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('break' as const), task: fc.nat(TASKS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fix' as const), task: fc.nat(TASKS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('save' as const), task: fc.nat(TASKS - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteMp4' as const), task: fc.nat(TASKS - 1) }) },
);

/** What the worker really did with each job it ran (the model's truth): rendered a path, skipped, failed. */
type Truth = { kind: 'rendered'; path: string } | { kind: 'skipped' } | { kind: 'failed' };

async function run(steps: Step[]) {
  const tasks = await Promise.all(Array.from({ length: TASKS }, newTask));
  const truth = new Map<string, Truth>();

  async function act(s: Step) {
    if (s.kind === 'work') {
      const job = (await worker.getNextJob(TOKEN)) as Job<VerticalRenderJob> | undefined;
      if (!job) return;
      try {
        const result: VerticalRenderResult = await renderer()(job);
        truth.set(job.id!, result.rendered ? { kind: 'rendered', path: result.path } : { kind: 'skipped' });
        await job.moveToCompleted(result, TOKEN, false);
      } catch (error) {
        // The model's failures are all for good (an unreadable source): no retry with backoff to wait for.
        expect(error).toBeInstanceOf(UnrecoverableError);
        truth.set(job.id!, { kind: 'failed' });
        job.discard();
        await job.moveToFailed(error as Error, TOKEN, false);
      }
      return;
    }
    const task = tasks[s.task]!;
    const row = await taskRow(task.videoId);
    if (s.kind === 'approve') {
      const fenced = await withLock(t.app, reviewer, 'vertical_task', task.videoId).catch(() => null);
      if (!fenced) return; // the task left review: no lease to take
      const response = await call('POST', 'vertical_video/approve', fenced, {
        vertical_content_id: task.suggestionId,
        content_type: 'highlight',
        quality: 'good',
      });
      // Accepted, or refused with a clear reason: a task not in review, or a render already on its way.
      expect([202, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().errors[0]).toBeTruthy();
    } else if (s.kind === 'retry') {
      if (!row.renderJobId) return; // the list offers no Retry without a render
      const body = { video_id: task.videoId, render_job_id: row.renderJobId };
      const clicks = await Promise.all(
        Array.from({ length: s.double ? 2 : 1 }, () =>
          call('POST', 'vertical_video/render/retry', reviewer, body),
        ),
      );
      const accepted = clicks.filter((c) => c.statusCode === 202);
      for (const click of clicks) {
        expect([202, 409], click.body).toContain(click.statusCode);
        if (click.statusCode === 409) expect(click.json().errors[0]).toBeTruthy();
      }
      for (const click of accepted) expect(click.json().data.job_id).toBe(row.renderJobId);
      if (accepted.length > 0) {
        // One job for however many clicks: the truth of its earlier run no longer holds.
        truth.delete(row.renderJobId);
        const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
        expect(jobs.filter((j) => j.id === row.renderJobId)).toHaveLength(1);
      }
    } else if (s.kind === 'break') {
      await writeFile(path.join(mediaDir, task.source), 'not a video');
    } else if (s.kind === 'fix') {
      await copyFile(path.join(mediaDir, SOURCE_PATH), path.join(mediaDir, task.source));
    } else if (s.kind === 'save') {
      // Someone else saves the suggestion (a newer keyframe-file version) while the task is in review.
      if (row.status !== 'review') return;
      const [file] = await t.ctx.db
        .select({ version: schema.keyframeFiles.version })
        .from(schema.keyframeFiles)
        .where(eq(schema.keyframeFiles.id, task.keyframeFileId));
      await t.ctx.db
        .update(schema.keyframeFiles)
        .set({ version: file!.version + 1 })
        .where(eq(schema.keyframeFiles.id, task.keyframeFileId));
    } else if (s.kind === 'deleteMp4') {
      if (row.videoPath) await rm(path.join(mediaDir, row.videoPath), { force: true });
    }
    // Approve may have replaced an ended job by a fresh one under the same id.
    if (s.kind === 'approve') {
      const now = await taskRow(task.videoId);
      if (now.renderState === 'queued' && now.renderJobId) truth.delete(now.renderJobId);
    }
  }

  /** What the console shows now matches what happened. */
  async function check() {
    const list = await call(
      'GET',
      'vertical_tasks?status=review&content_type=highlight&page=1&per=100&from=120',
      reviewer,
    );
    expect(list.statusCode).toBe(200);
    const listed = new Map((list.json().data.tasks as VerticalTask[]).map((x) => [x.video_id, x]));
    for (const task of tasks) {
      const row = await taskRow(task.videoId);
      const shown = listed.get(task.videoId);
      const job = row.renderJobId ? await queue.getJob(row.renderJobId) : undefined;
      const state = job ? await job.getState() : null;
      if (row.status === 'ready') {
        // Ready: its MP4 was rendered (it may have been deleted since; the status says so below).
        expect(shown).toBeUndefined();
      } else if (row.renderState === 'queued') {
        // Rendering: never out of every list for nothing, its job is really waiting for a worker.
        expect(shown).toBeUndefined();
        expect(['waiting', 'prioritized', 'delayed']).toContain(state);
      } else {
        // In review, with the tag of a render that ended without an MP4.
        expect(shown, `task ${task.videoId} ${JSON.stringify(row)}`).toBeDefined();
        if (row.renderState === 'failed') expect(renderTagOf(shown!)?.text).toBeTruthy();
      }
      if (!row.renderJobId || !job) continue;
      const response = await call('GET', `vertical_video/render_jobs/${row.renderJobId}`, reviewer);
      expect(response.statusCode).toBe(200);
      const status = response.json().data as RenderJobStatus;
      const real = truth.get(row.renderJobId);
      switch (status.outcome.kind) {
        case 'done': {
          expect(real?.kind).toBe('rendered');
          expect(row.status).toBe('ready');
          expect((await stat(path.join(mediaDir, row.videoPath!))).isFile()).toBe(true);
          break;
        }
        case 'skipped':
          expect(real?.kind).toBe('skipped');
          expect(status.outcome.reason).toBeTruthy();
          break;
        case 'failed':
          expect(status.outcome.error).toBeTruthy();
          // A failed job, or a rendered one whose MP4 is gone: never a file shown.
          if (real?.kind === 'rendered')
            expect(await stat(path.join(mediaDir, real.path)).catch(() => null)).toBeNull();
          else expect(real?.kind).toBe('failed');
          expect(status.video_url).toBeNull();
          break;
        case 'queued':
          expect(real).toBeUndefined();
          expect(row.renderState).toBe('queued');
          break;
        case 'running':
          throw new Error('nothing runs between the steps');
      }
    }
  }

  for (const s of steps) {
    await act(s);
    await check();
  }
}

describe('render outcomes under random interleavings', () => {
  it('always show what really happened, and a task never leaves every list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        await queue.drain(true);
        await run(steps);
      }),
      {
        numRuns: 10,
        endOnFailure: true,
        // Every path at least once, whatever the random runs draw: rendered then its MP4 deleted, a
        // broken source failed then retried (double click) once fixed, a save while queued (skipped) and
        // its refused retry, then approved again.
        examples: [
          [
            [
              { kind: 'approve', task: 0 },
              { kind: 'work' },
              { kind: 'deleteMp4', task: 0 },
              { kind: 'break', task: 1 },
              { kind: 'approve', task: 1 },
              { kind: 'work' },
              { kind: 'retry', task: 1, double: true },
              { kind: 'work' },
              { kind: 'fix', task: 1 },
              { kind: 'retry', task: 1, double: true },
              { kind: 'save', task: 1 },
              { kind: 'work' },
              { kind: 'retry', task: 1, double: false },
              { kind: 'approve', task: 1 },
              { kind: 'work' },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
