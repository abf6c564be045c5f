// The vertical task lifecycle over the API: a task's suggestions,
// approve / reject / create / update with their legal transitions, reasons, time ranges and keyframe
// files checked against the real (ffprobed) source video, the vertical-render job they queue (inspected
// in BullMQ under the suite's prefix; no worker runs here), the render job status, and the frame
// editor's entries that land in edit_log. Scope: another publisher's task is a 404; roles: a viewer
// gets 403. Actions are sent as the web sends them, with the task's lock (task-locks.test.ts tests the
// lock itself).
import { randomBytes } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { VerticalRenderStarted, VerticalSuggestion, VerticalTask } from '@hc/shared/api/vertical';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { BULLMQ_CONNECTION_OPTIONS, type VerticalRenderJob } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { actionHeaders } from '../support/locks.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import {
  buildVerticalTask,
  framesOf,
  keyframeFileFor,
  makeSourceVideo,
  SOURCE,
} from '../support/vertical-factories.ts';

type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
const [REASON_A, REASON_B] = VERTICAL_BAD_QUALITY_REASONS;
let t: TestApp;
let queue: Queue<VerticalRenderJob>;
let publisherId: number;
let otherPublisherId: number;
let reviewer: Headers;
let viewer: Headers;
let outsider: Headers;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });
/**
 * An action as the web sends it: the task opened first, its lease's fence in x-lock-fence.
 * A session that cannot open the task sends none, and the action answers why.
 */
const act = async (url: string, headers: Headers, body: object) => {
  const given = body as { video_id?: number; vertical_content_id?: number };
  let videoId = given.video_id ?? null;
  if (videoId === null && given.vertical_content_id !== undefined) {
    const [row] = await t.ctx.db
      .select({ videoId: schema.verticalSuggestions.videoId })
      .from(schema.verticalSuggestions)
      .where(eq(schema.verticalSuggestions.id, given.vertical_content_id));
    videoId = row?.videoId ?? null;
  }
  return call('POST', url, await actionHeaders(t.app, headers, 'vertical_task', videoId), body);
};
const details = async (videoId: number, h = reviewer, extra = '') => {
  const response = await call('GET', `vertical_task_details?video_id=${videoId}${extra}`, h);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as VerticalSuggestion[];
};
const taskRow = async (videoId: number) =>
  (await t.ctx.db.select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;
const auditOf = (videoId: number) =>
  t.ctx.db
    .select()
    .from(schema.auditLog)
    .where(
      and(eq(schema.auditLog.objectType, 'vertical_task'), eq(schema.auditLog.objectId, String(videoId))),
    )
    .orderBy(desc(schema.auditLog.id));
const feedbackOf = (suggestionId: number) =>
  t.ctx.db
    .select()
    .from(schema.verticalFeedback)
    .where(eq(schema.verticalFeedback.suggestionId, suggestionId))
    .orderBy(desc(schema.verticalFeedback.id));

/** A create/update body for the highlight range [start, end] with a fitting keyframe file. */
const editBody = (verticalContentId: number, start = 2, end = 10, extra: object = {}) => {
  const { first, last } = framesOf(start, end);
  return {
    vertical_content_id: verticalContentId,
    content_type: 'highlight',
    keyframe: keyframeFileFor(first, last),
    start_time: start,
    end_time: end,
    reason: [REASON_A],
    ...extra,
  };
};

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  await makeSourceVideo(t.ctx.config.mediaDir);
  queue = new Queue(QUEUES.verticalRender, { connection: new Redis(redisUrl), prefix });
  publisherId = (await buildPublisher(t.ctx.db)).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  const user = async (publisher: number, roles: ('switch_publisher' | 'editorial_manager')[]) => {
    const u = await buildUser(t.ctx.db, { publisherId: publisher, roles });
    return authOf(await login(t.app, u.email, u.password));
  };
  reviewer = await user(publisherId, ['switch_publisher']);
  viewer = await user(publisherId, ['editorial_manager']);
  outsider = await user(otherPublisherId, ['switch_publisher']);
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  const connection = await queue.client;
  await queue.close();
  connection.disconnect();
  await t.close();
});

describe('vertical_task_details', () => {
  it('lists every suggestion newest first with its keyframe file, version and latest feedback', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      plans: [
        { startTime: 2, endTime: 10, active: true },
        { startTime: 1, endTime: 7, source: 4 },
        { startTime: 3, endTime: 9, source: 2, keyframe: false },
      ],
    });
    const [oldest, , newest] = suggestionIds as [number, number, number];
    await t.ctx.db.insert(schema.verticalFeedback).values([
      { suggestionId: oldest, quality: '', reasons: [REASON_A], createdAt: new Date(Date.now() - 5000) },
      { suggestionId: oldest, quality: 'good', reasons: [] },
    ]);
    const list = await details(videoId, reviewer, '&status=review&content_type=highlight');
    expect(list.map((s) => s.vertical_content_id)).toEqual([...suggestionIds].reverse());
    expect(list.map((s) => s.source)).toEqual([2, 4, 1]);
    expect(list[0]).toMatchObject({ vertical_content_id: newest, keyframe_json_file: null, feedback: null });
    expect(list[2]).toMatchObject({
      video_id: videoId,
      start_time: 2,
      end_time: 10,
      active: true,
      vertical_highlight_id: null,
      keyframe_version: 1,
      feedback: { quality: 'good', reason: [] },
    });
    expect(list[2]!.keyframe_json_file).toEqual(keyframeFileFor(48, 239));
  });

  it('answers every suggestion and the cap setting, so the modal shows the first numberOfAlgoSuggestions', async () => {
    await t.ctx.db
      .insert(schema.settings)
      .values({ publisherId, key: 'numberOfAlgoSuggestions', value: '3' });
    const plans = [0, 1, 2, 3].map((i) => ({ startTime: 1 + i, endTime: 8 + i }));
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId, plans });
    expect(await details(videoId)).toHaveLength(4);
    const settings = (await call('GET', 'settings?limit=1000', reviewer)).json().data;
    expect(settings).toContainEqual({ key: 'numberOfAlgoSuggestions', value: '3' });
  });

  it('is a 404 for another publisher, 403 for a viewer in review, open to a viewer once ready', async () => {
    const review = await buildVerticalTask(t.ctx.db, { publisherId });
    const ready = await buildVerticalTask(t.ctx.db, { publisherId, status: 'ready' });
    expect((await call('GET', `vertical_task_details?video_id=${review.videoId}`, outsider)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `vertical_task_details?video_id=${review.videoId}`, viewer)).statusCode).toBe(
      403,
    );
    expect(await details(ready.videoId, viewer)).toHaveLength(1);
    expect((await call('GET', 'vertical_task_details?video_id=99999999', reviewer)).statusCode).toBe(404);
  });

  it('says when the task moved on (status asked is not its status) and 404s a wrong content type', async () => {
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId, status: 'ready' });
    const moved = await call('GET', `vertical_task_details?video_id=${videoId}&status=review`, reviewer);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors[0]).toBe(`Video ${videoId} is ready now: reload the list.`);
    const wrongType = await call(
      'GET',
      `vertical_task_details?video_id=${videoId}&content_type=full_video`,
      reviewer,
    );
    expect(wrongType.statusCode).toBe(404);
  });
});

describe('vertical_video/approve', () => {
  it('queues one render of the suggestion, hides the task from review, keeps feedback and audit', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const suggestionId = suggestionIds[0]!;
    const before = await call('GET', 'vertical_tasks?status=review&content_type=highlight&per=100', reviewer);
    expect(before.json().data.tasks.map((task: VerticalTask) => task.video_id)).toContain(videoId);

    const response = await act('vertical_video/approve', reviewer, {
      vertical_content_id: suggestionId,
      content_type: 'highlight',
      quality: 'good',
    });
    expect(response.statusCode, response.body).toBe(202);
    const data = response.json().data as VerticalRenderStarted;
    const keyframeFileId = await keyframeIdOf(suggestionId);
    expect(data.job_id).toBe(`vertical-${videoId}-${keyframeFileId}-v1`);
    expect(data.vertical_content_id).toBe(suggestionId);
    expect(data.task).toMatchObject({ video_id: videoId, status: 'review', render_state: 'queued' });
    expect(data.task.render_job_id).toBe(data.job_id);

    const job = await queue.getJob(data.job_id);
    const [approver] = await t.ctx.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, reviewer['x-user-email']!));
    expect(job?.data).toEqual({
      videoId,
      publisherId,
      suggestionId,
      keyframeFileId,
      keyframeVersion: 1,
      startTime: 2,
      endTime: 10,
      // Its live progress goes to the reviewer who approved.
      userId: approver!.id,
      // The approve request's id, which the worker's log lines of the job carry.
      httpRequestId: response.headers['x-request-id'],
      // The deployment that queued it: another deployment's worker on the same queue refuses it.
      deployment: t.ctx.deployment.id,
    });
    expect(job?.opts.attempts).toBe(3);
    expect(await job?.getState()).toBe('waiting');

    const after = await call('GET', 'vertical_tasks?status=review&content_type=highlight&per=100', reviewer);
    expect(after.json().data.tasks.map((task: VerticalTask) => task.video_id)).not.toContain(videoId);
    const [feedback] = await feedbackOf(suggestionId);
    expect(feedback).toMatchObject({ quality: 'good', reasons: [] });
    expect(feedback?.userId).not.toBeNull();
    const [audit] = await auditOf(videoId);
    expect(audit).toMatchObject({ actionName: 'approve', publisherId });
    expect(audit?.payload).toMatchObject({
      before: { status: 'review', render_state: null },
      after: { status: 'review', render_state: 'queued' },
      job_id: data.job_id,
    });

    // While queued: a second approve, a create and a reject are refused, and the queue holds one job.
    for (const [url, body] of [
      ['vertical_video/approve', { vertical_content_id: suggestionId, content_type: 'highlight' }],
      ['vertical_video/create', editBody(suggestionId)],
      ['vertical_video/reject', { video_id: videoId, reason: [REASON_A], content_type: 'highlight' }],
    ] as const) {
      const again = await act(url, reviewer, body);
      expect(again.statusCode, url).toBe(409);
      expect(again.json().errors[0]).toBe(
        `A vertical render of video ${videoId} is already queued: wait for it to finish.`,
      );
    }
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    expect(jobs.filter((j) => j.data.videoId === videoId)).toHaveLength(1);
  });

  it('is idempotent: a render marked queued whose job is gone is queued again as the same job', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const body = { vertical_content_id: suggestionIds[0], content_type: 'highlight' };
    const first = (await act('vertical_video/approve', reviewer, body)).json().data;
    await (await queue.getJob(first.job_id))!.remove();
    const second = await act('vertical_video/approve', reviewer, body);
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json().data.job_id).toBe(first.job_id);
    expect(await (await queue.getJob(first.job_id))?.getState()).toBe('waiting');
    expect(await taskRow(videoId)).toMatchObject({ renderState: 'queued', renderJobId: first.job_id });
  });

  it('gives a failed render another go with the same job', async () => {
    await queue.drain(); // the render taken below is this test's
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const body = { vertical_content_id: suggestionIds[0], content_type: 'highlight' };
    const first = (await act('vertical_video/approve', reviewer, body)).json().data;
    // What the worker leaves after its last attempt: a failed job and render_state 'failed'. The job
    // is taken and failed by hand (BullMQ's manual processing), with no retry left.
    const worker = new Worker<VerticalRenderJob>(QUEUES.verticalRender, null, {
      connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
      prefix,
    });
    const job = (await worker.getNextJob('test-token')) as Job<VerticalRenderJob>;
    expect(job.id).toBe(first.job_id);
    job.discard();
    await job.moveToFailed(new Error('ffmpeg exited with code 1'), 'test-token', false);
    await worker.close();
    await t.ctx.db
      .update(schema.verticalTasks)
      .set({ renderState: 'failed', renderError: 'ffmpeg exited with code 1' })
      .where(eq(schema.verticalTasks.videoId, videoId));
    const status = (await call('GET', `vertical_video/render_jobs/${first.job_id}`, reviewer)).json().data;
    expect(status).toEqual({
      state: 'failed',
      progress: 0,
      video_url: null,
      error: 'ffmpeg exited with code 1',
      outcome: { kind: 'failed', error: 'ffmpeg exited with code 1' },
    });

    const again = await act('vertical_video/approve', reviewer, body);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data.job_id).toBe(first.job_id);
    expect(await (await queue.getJob(first.job_id))?.getState()).toBe('waiting');
    expect((await taskRow(videoId)).renderState).toBe('queued');
  });

  it('refuses illegal transitions and bad input with the right status and message', async () => {
    const ready = await buildVerticalTask(t.ctx.db, { publisherId, status: 'ready' });
    const rejected = await buildVerticalTask(t.ctx.db, { publisherId, status: 'rejected' });
    const bare = await buildVerticalTask(t.ctx.db, {
      publisherId,
      plans: [{ startTime: 2, endTime: 10, keyframe: false }],
    });
    const fine = await buildVerticalTask(t.ctx.db, { publisherId });
    const approve = (id: number, extra: object = {}, h = reviewer) =>
      act('vertical_video/approve', h, {
        vertical_content_id: id,
        content_type: 'highlight',
        ...extra,
      });

    for (const [task, status] of [
      [ready, 'ready'],
      [rejected, 'rejected'],
    ] as const) {
      const response = await approve(task.suggestionIds[0]!);
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toBe(
        `Video ${task.videoId} is no longer in review (it is ${status}): only a task in review can be approved, modified or rejected.`,
      );
    }
    const noFile = await approve(bare.suggestionIds[0]!);
    expect(noFile.statusCode).toBe(409);
    expect(noFile.json().errors[0]).toBe(
      `Suggestion ${bare.suggestionIds[0]} has no keyframe file to render.`,
    );

    const notGood = await approve(fine.suggestionIds[0]!, { quality: '' });
    expect(notGood.statusCode).toBe(400);
    expect(notGood.json().errors[0]).toBe("quality: Approve needs the quality 'good'");
    const wrongType = await approve(fine.suggestionIds[0]!, { content_type: 'full_video' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0]).toBe(`Video ${fine.videoId} is of content type highlight.`);
    expect((await approve(fine.suggestionIds[0]!, {}, viewer)).statusCode).toBe(403);
    expect((await approve(fine.suggestionIds[0]!, {}, outsider)).statusCode).toBe(404);
    expect((await approve(99_999_999)).statusCode).toBe(404);
    // Nothing was written by the refusals.
    expect((await taskRow(fine.videoId)).renderState).toBeNull();
    expect(await auditOf(fine.videoId)).toHaveLength(0);
    expect(await feedbackOf(fine.suggestionIds[0]!)).toHaveLength(0);
  });
});

async function keyframeIdOf(suggestionId: number) {
  const [row] = await t.ctx.db
    .select({ id: schema.verticalSuggestions.keyframeFileId })
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionId));
  return row!.id!;
}

describe('vertical_video/reject', () => {
  it('needs at least one reason of the spec list', async () => {
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId });
    for (const reason of [undefined, [], ['Too dark']]) {
      const response = await act('vertical_video/reject', reviewer, {
        video_id: videoId,
        content_type: 'highlight',
        ...(reason ? { reason } : {}),
      });
      expect(response.statusCode, JSON.stringify(reason)).toBe(400);
      expect(response.json().errors[0]).toMatch(/^reason/);
    }
    const missing = await act('vertical_video/reject', reviewer, {
      video_id: videoId,
      content_type: 'highlight',
    });
    expect(missing.json().errors[0]).toBe(`reason: ${messages.verticalFeedbackRequired}`);
    expect((await taskRow(videoId)).status).toBe('review');
  });

  it('marks the source rejected with its reasons, rates the active suggestion, and only once', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      plans: [
        { startTime: 2, endTime: 10, active: true },
        { startTime: 3, endTime: 9 },
      ],
    });
    const body = { video_id: videoId, reason: [REASON_A, REASON_B], content_type: 'highlight' };
    expect((await act('vertical_video/reject', viewer, body)).statusCode).toBe(403);
    expect((await act('vertical_video/reject', outsider, body)).statusCode).toBe(404);
    const response = await act('vertical_video/reject', reviewer, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.task).toMatchObject({ status: 'rejected', reviews: [REASON_A, REASON_B] });
    expect((await feedbackOf(suggestionIds[0]!))[0]).toMatchObject({
      quality: '',
      reasons: [REASON_A, REASON_B],
    });
    expect(await feedbackOf(suggestionIds[1]!)).toHaveLength(0);
    expect((await auditOf(videoId))[0]).toMatchObject({ actionName: 'reject' });
    const rejectedList = await call('GET', 'vertical_tasks?status=rejected&per=100', viewer);
    expect(rejectedList.json().data.tasks.map((task: VerticalTask) => task.video_id)).toContain(videoId);

    const again = await act('vertical_video/reject', reviewer, body);
    expect(again.statusCode).toBe(409);
    const approve = await act('vertical_video/approve', reviewer, {
      vertical_content_id: suggestionIds[0],
      content_type: 'highlight',
    });
    expect(approve.statusCode).toBe(409);
  });
});

describe('vertical_video/create', () => {
  it('adds a manual suggestion (source 2) with a new keyframe file and queues its render', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const response = await act('vertical_video/create', reviewer, editBody(suggestionIds[0]!, 11, 19));
    expect(response.statusCode, response.body).toBe(202);
    const data = response.json().data as VerticalRenderStarted;
    expect(data.vertical_content_id).not.toBe(suggestionIds[0]);
    const [created] = await details(videoId);
    expect(created).toMatchObject({
      vertical_content_id: data.vertical_content_id,
      source: 2,
      active: false,
      start_time: 11,
      end_time: 19,
      keyframe_version: 1,
    });
    expect(created!.keyframe_json_file).toEqual(keyframeFileFor(264, 455));
    const job = await queue.getJob(data.job_id);
    expect(job?.data).toMatchObject({
      videoId,
      suggestionId: data.vertical_content_id,
      keyframeVersion: 1,
      startTime: 11,
      endTime: 19,
    });
    // The reasons rate the suggestion it was made from.
    expect((await feedbackOf(suggestionIds[0]!))[0]).toMatchObject({ quality: '', reasons: [REASON_A] });
    expect((await auditOf(videoId))[0]).toMatchObject({ actionName: 'create' });
    // The source video was probed once and its facts kept on the task.
    expect(await taskRow(videoId)).toMatchObject({
      sourceWidth: SOURCE.width,
      sourceHeight: SOURCE.height,
      sourceFps: SOURCE.fps,
      sourceFrameCount: SOURCE.frameCount,
    });
  });

  it('renders a full video whole, and refuses a part of it', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      contentType: 'full_video',
    });
    const whole = { ...editBody(suggestionIds[0]!, 0, SOURCE.seconds), content_type: 'full_video' };
    const part = { ...editBody(suggestionIds[0]!, 0, 10), content_type: 'full_video' };
    const refused = await act('vertical_video/create', reviewer, part);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      `A full video is rendered whole: start_time 0 and end_time ${SOURCE.seconds}.`,
    ]);
    const response = await act('vertical_video/create', reviewer, whole);
    expect(response.statusCode, response.body).toBe(202);
    const job = await queue.getJob(response.json().data.job_id);
    expect(job?.data).toMatchObject({ videoId, startTime: null, endTime: null });
  });

  it('needs reasons (400) and a 5 to 12 s range inside the video (422)', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const id = suggestionIds[0]!;
    const noReason = await act('vertical_video/create', reviewer, { ...editBody(id), reason: [] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toBe(`reason: ${messages.verticalFeedbackRequired}`);
    for (const [start, end, message] of [
      [2, 6.5, messages.selectedTimeTooShort],
      [2, 14.5, messages.selectedTimeTooLong],
      [15, 25, `The time range must lie inside the video (0 to ${SOURCE.seconds} s).`],
    ] as const) {
      const response = await act('vertical_video/create', reviewer, editBody(id, start, end));
      expect(response.statusCode, `${start}-${end}`).toBe(422);
      expect(response.json().errors).toEqual([message]);
    }
    expect(await details(videoId)).toHaveLength(1);
  });

  it('refuses a bad keyframe file with 422 naming the field at fault, and writes nothing', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const id = suggestionIds[0]!;
    const good = keyframeFileFor(48, 239);
    const group = good.groups[0]!;
    const object = group.objects[0]!;
    const cases: [string, unknown, string][] = [
      ['not an object', 'frames', 'keyframe: '],
      ['fps of another type', { ...good, fps: 'fast' }, 'keyframe.fps: '],
      ['another frame rate', { ...good, fps: 30 }, "keyframe.fps: must be the video's frame rate (24)"],
      [
        'another width',
        { ...good, input_width: 1920 },
        "keyframe.input_width: must be the video's width (320)",
      ],
      [
        'odd output size',
        { ...good, output_vertical_width: 1081 },
        'keyframe.output_vertical_width: must be even',
      ],
      [
        'a group past the last frame',
        { ...good, groups: [{ ...group, end_frame: 600 }] },
        'keyframe.groups.0.end_frame: must be at most 479',
      ],
      [
        'a keyframe outside the frame',
        {
          ...good,
          groups: [{ ...group, objects: [{ ...object, keyframes: [{ frame: 50, x: 300, y: 0 }] }] }],
        },
        'keyframe.groups.0.objects.0.keyframes.0: ',
      ],
      [
        'groups not covering the range',
        { ...good, groups: [{ ...group, start_frame: 100, objects: [] }] },
        'keyframe.groups: must cover frames 48-239',
      ],
      ['no groups', { ...good, groups: [] }, 'keyframe.groups: must hold at least one group'],
      [
        // 100x178 of a 180 px tall source: the render would enlarge it more than the full height needs.
        'a crop smaller than the render accepts',
        { ...good, groups: [{ ...group, objects: [{ ...object, rect: [100, 0, 100, 178] }] }] },
        'keyframe.groups: The crop at frame 48 is 178 px tall: the render would enlarge it 10.8×, more than 2×. Make the boxes there at least 180 px tall.',
      ],
      ['smoothing past two seconds', { ...good, smoothing_seconds: 3 }, 'keyframe.smoothing_seconds: '],
    ];
    for (const [name, keyframe, prefixOfFirst] of cases) {
      const response = await act('vertical_video/create', reviewer, { ...editBody(id), keyframe });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors[0], name).toContain(prefixOfFirst);
    }
    expect(await details(videoId)).toHaveLength(1);
    expect((await taskRow(videoId)).renderState).toBeNull();
    expect(await feedbackOf(id)).toHaveLength(0);
  });
});

describe('vertical_video/update', () => {
  it('saves a new version of the suggestion file and range, and queues the render of that version', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const id = suggestionIds[0]!;
    const stale = await act('vertical_video/update', reviewer, editBody(id, 4, 12, { keyframe_version: 7 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toBe(
      `Suggestion ${id} was saved by someone else since you opened it. Reload it to see the latest version.`,
    );
    const moved = await act('vertical_video/update', reviewer, editBody(id, 12, 19));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual([
      'The new time range no longer overlaps the suggestion: create a new suggestion instead.',
    ]);

    const response = await act(
      'vertical_video/update',
      reviewer,
      editBody(id, 4, 12, { keyframe_version: 1 }),
    );
    expect(response.statusCode, response.body).toBe(202);
    const data = response.json().data as VerticalRenderStarted;
    expect(data.vertical_content_id).toBe(id);
    expect(data.job_id).toMatch(new RegExp(`^vertical-${videoId}-\\d+-v2$`));
    const [saved] = await details(videoId);
    expect(saved).toMatchObject({
      vertical_content_id: id,
      start_time: 4,
      end_time: 12,
      keyframe_version: 2,
    });
    expect(saved!.keyframe_json_file).toEqual(keyframeFileFor(96, 287));
    expect((await queue.getJob(data.job_id))?.data).toMatchObject({
      keyframeVersion: 2,
      startTime: 4,
      endTime: 12,
    });
    expect((await auditOf(videoId))[0]).toMatchObject({ actionName: 'update' });
    const again = await act('vertical_video/update', reviewer, editBody(id, 4, 12));
    expect(again.statusCode).toBe(409);
  });
});

describe('vertical_video/render_jobs/:jobId', () => {
  it('answers the state of a queued render to its publisher only', async () => {
    const { suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
    const started = await act('vertical_video/approve', reviewer, {
      vertical_content_id: suggestionIds[0],
      content_type: 'highlight',
    });
    const jobId = started.json().data.job_id as string;
    const status = await call('GET', `vertical_video/render_jobs/${jobId}`, reviewer);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual({
      state: 'queued',
      progress: 0,
      video_url: null,
      error: null,
      outcome: { kind: 'queued' },
    });
    expect((await call('GET', `vertical_video/render_jobs/${jobId}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `vertical_video/render_jobs/${jobId}`, viewer)).statusCode).toBe(403);
    expect((await call('GET', 'vertical_video/render_jobs/vertical-1-1-v1', reviewer)).statusCode).toBe(404);
  });
});

describe('audit_log/create of the frame editor', () => {
  const entry = (videoId: number, extra: object = {}) => ({
    action_name: 'MODIFY_KEYFRAME',
    object_id: videoId,
    object_type: 'vertical_video',
    payload: {
      frame: 120,
      action: 'MODIFY_KEYFRAME',
      old_value: '100,0',
      new_value: [130, 4],
      timestamp: 1_795_500_000_000,
      object_id: 1,
      vertical_video_id: videoId,
      group_id: 1,
      ...extra,
    },
  });

  it('stores the entry in audit_log and edit_log with the user', async () => {
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId });
    const response = await call('POST', 'audit_log/create', reviewer, entry(videoId));
    expect(response.statusCode, response.body).toBe(201);
    const [log] = await t.ctx.db
      .select()
      .from(schema.editLog)
      .where(eq(schema.editLog.verticalVideoId, videoId));
    expect(log).toMatchObject({
      action: 'MODIFY_KEYFRAME',
      frame: 120,
      oldValue: '100,0',
      newValue: '130,4',
      timestampMs: 1_795_500_000_000,
      objectId: 1,
      groupId: 1,
    });
    expect(log?.userId).not.toBeNull();
    const [audit] = await t.ctx.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.id, response.json().data.id));
    expect(audit).toMatchObject({ objectType: 'vertical_video', actionName: 'MODIFY_KEYFRAME', publisherId });
  });

  it('is scoped, role-checked and validated', async () => {
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId });
    expect((await call('POST', 'audit_log/create', outsider, entry(videoId))).statusCode).toBe(404);
    expect((await call('POST', 'audit_log/create', viewer, entry(videoId))).statusCode).toBe(403);
    const unknown = await call('POST', 'audit_log/create', reviewer, {
      ...entry(videoId, { action: 'ZOOM' }),
      action_name: 'ZOOM',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatch(/^action_name: /);
    const unknownInPayload = await call(
      'POST',
      'audit_log/create',
      reviewer,
      entry(videoId, { action: 'ZOOM' }),
    );
    expect(unknownInPayload.statusCode).toBe(400);
    expect(unknownInPayload.json().errors[0]).toMatch(/^payload\.action: /);
    const mismatch = await call('POST', 'audit_log/create', reviewer, entry(videoId, { action: 'UNDO' }));
    expect(mismatch.statusCode).toBe(400);
    const rows = await t.ctx.db
      .select()
      .from(schema.editLog)
      .where(eq(schema.editLog.verticalVideoId, videoId));
    expect(rows).toHaveLength(0);
  });
});
