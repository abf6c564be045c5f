// "Suggest crop" end to end with real ffmpeg, BullMQ, PostgreSQL and the reframing engine: a 640x360
// clip of two shots made by ffmpeg (a red square crossing a grid, then a hard cut to striped ground with
// the square standing near the right edge), the suggestion asked through the API, the worker's job and
// its pushed progress, and the stored console suggestion beside the pipeline's: a valid keyframe file
// with a group per shot (the cut on its frame) whose crop holds the square. Then one shot asked again
// (a new version of the same suggestion, the rest unchanged), and the refusals.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { QueueEvents, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@hc/media/binaries';
import type { SuggestCropJobStatus, VerticalSuggestion } from '@hc/shared/api/vertical';
import { messages } from '@hc/shared/messages';
import { cropWindowAt, validateKeyframeFile, type KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { BULLMQ_CONNECTION_OPTIONS } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { runTokensCommand } from '../../apps/server/src/cli/service-tokens.ts';
import { buildVerticalTask, keyframeFileFor } from '../support/vertical-factories.ts';

const run = promisify(execFile);
type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;

/** Two shots of 50 frames at 25 fps; the 60x60 square's centre x per frame. */
const SRC = { width: 640, height: 360, fps: 25, frames: 100, path: 'test/reframe-two-shots.mp4' } as const;
const CUT = 50;
const squareX = (frame: number) => (frame < CUT ? 90 + 5 * frame : 500 + 10 * Math.sin(frame / 6));
const HALF = 30;

let t: TestApp;
let workers: RunningWorkers;
let events: QueueEvents;
let queue: Queue;
let publisherId: number;
let reviewer: Headers;
const progressOf = new Map<string, number[]>();

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });

async function suggest(body: object): Promise<string> {
  const response = await call('POST', 'vertical_video/suggest_crop', reviewer, body);
  expect(response.statusCode, response.body).toBe(202);
  return (response.json().data as { job_id: string }).job_id;
}

const completed = (jobId: string) =>
  eventually(
    async () => {
      const response = await call('GET', `vertical_video/suggest_crop/${jobId}`, reviewer);
      expect(response.statusCode, response.body).toBe(200);
      const status = response.json().data as SuggestCropJobStatus;
      expect(status.error).toBeNull();
      expect(status.state).toBe('completed');
      return status;
    },
    60_000,
    200,
  );

async function suggestionsOf(videoId: number): Promise<VerticalSuggestion[]> {
  const response = await call('GET', `vertical_task_details?video_id=${videoId}`, reviewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as VerticalSuggestion[];
}

/** Share of frames whose crop window holds the whole square. */
function heldShare(file: KeyframeFile): number {
  let held = 0;
  for (let f = 0; f < SRC.frames; f++) {
    const w = cropWindowAt(file, f);
    if (squareX(f) - HALF >= w.x && squareX(f) + HALF <= w.x + w.width) held++;
  }
  return held / SRC.frames;
}

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  const mediaDir = t.ctx.config.mediaDir;
  const source = path.join(mediaDir, SRC.path);
  await mkdir(path.dirname(source), { recursive: true });
  const shot = 2;
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=0x707070:s=${SRC.width}x${SRC.height}:r=${SRC.fps}:d=${shot}`,
    '-f',
    'lavfi',
    '-i',
    `color=0x304080:s=${SRC.width}x${SRC.height}:r=${SRC.fps}:d=${shot}`,
    '-f',
    'lavfi',
    '-i',
    `color=0xe02020:s=60x60:r=${SRC.fps}:d=${2 * shot}`,
    '-filter_complex',
    [
      `[0]drawgrid=w=40:h=40:t=2:c=white@0.5[g]`,
      `[1]drawgrid=w=80:h=${SRC.height + 1}:t=24:c=white@0.3[s]`,
      `[g][s]concat=n=2:v=1:a=0[bg]`,
      `[bg][2]overlay=x='if(lt(n,${CUT}),90+5*n,500+10*sin(n/6))-${HALF}':y=150[v]`,
    ].join(';'),
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-y',
    source,
  ]);
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['switch_publisher'] });
  reviewer = authOf(await login(t.app, user.email, user.password));
  workers = await startWorkers({
    db: t.ctx.db,
    deployment: t.ctx.deployment.id,
    redisUrl,
    sessionIdleMinutes: 60,
    prefix,
    mediaDir,
    log: () => undefined,
  });
  queue = new Queue(QUEUES.verticalReframe, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
  events = new QueueEvents(QUEUES.verticalReframe, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
  events.on('progress', ({ jobId, data }) => {
    if (typeof data === 'number') progressOf.set(jobId, [...(progressOf.get(jobId) ?? []), data]);
  });
  await events.waitUntilReady();
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await events?.close();
  if (queue) {
    await queue.obliterate({ force: true });
    const connection = await queue.client;
    await queue.close();
    connection.disconnect();
  }
  await t?.close();
});

describe('suggest crop', () => {
  it('stores the console suggestion beside the pipeline one, a group per shot, holding the subject', async () => {
    const { videoId } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      contentType: 'full_video',
      srcVideoPath: SRC.path,
      durationSeconds: SRC.frames / SRC.fps,
      plans: [{ startTime: 0, endTime: SRC.frames / SRC.fps, active: true }],
    });
    const jobId = await suggest({ video_id: videoId });
    // Asked again while queued or running: the same job.
    expect(await suggest({ video_id: videoId })).toBe(jobId);
    const status = await completed(jobId);
    expect(status.progress).toBe(100);
    await eventually(() => expect(progressOf.get(jobId)).toContain(100), 10_000);

    const suggestions = await suggestionsOf(videoId);
    expect(suggestions.map((s) => s.origin).sort()).toEqual(['console', 'pipeline']);
    const mine = suggestions.find((s) => s.origin === 'console')!;
    expect(mine.vertical_content_id).toBe(status.vertical_content_id);
    expect(mine).toMatchObject({ start_time: 0, end_time: 4, active: false, keyframe_version: 1 });
    const file = mine.keyframe_json_file!;
    expect(
      validateKeyframeFile(file, { width: SRC.width, height: SRC.height, frameCount: SRC.frames }),
    ).toEqual([]);
    expect(file.groups.map((g) => [g.start_frame, g.end_frame])).toEqual([
      [0, CUT - 1],
      [CUT, SRC.frames - 1],
    ]);
    expect(heldShare(file)).toBeGreaterThanOrEqual(0.95);
    // Few keyframes: what the render needs, not one a frame.
    expect(file.groups.flatMap((g) => g.objects.flatMap((o) => o.keyframes)).length).toBeLessThan(12);

    // One shot again: the same suggestion, a new version, the other shot's path kept.
    const second = await completed(
      await suggest({ video_id: videoId, start_frame: CUT, end_frame: SRC.frames - 1 }),
    );
    expect(second.vertical_content_id).toBe(mine.vertical_content_id);
    const again = (await suggestionsOf(videoId)).find((s) => s.origin === 'console')!;
    expect(again.keyframe_version).toBe(2);
    expect(again.keyframe_json_file!.groups.slice(0, 1)).toEqual(file.groups.slice(0, 1));
    expect(validateKeyframeFile(again.keyframe_json_file!, { ...SRC, frameCount: SRC.frames })).toEqual([]);
    // Two analyses of a short clip; a loaded machine makes each take several seconds.
  }, 150_000);

  it('refuses a half or reversed span, a task of another publisher and a caller without the role', async () => {
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId, srcVideoPath: SRC.path });
    const half = await call('POST', 'vertical_video/suggest_crop', reviewer, {
      video_id: videoId,
      start_frame: 3,
    });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain(messages.suggestCropSpanPair);
    const reversed = await call('POST', 'vertical_video/suggest_crop', reviewer, {
      video_id: videoId,
      start_frame: 30,
      end_frame: 10,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(messages.suggestCropSpanOrder);

    const otherPublisher = (await buildPublisher(t.ctx.db)).id;
    const foreign = await buildVerticalTask(t.ctx.db, {
      publisherId: otherPublisher,
      srcVideoPath: SRC.path,
    });
    expect(
      (await call('POST', 'vertical_video/suggest_crop', reviewer, { video_id: foreign.videoId })).statusCode,
    ).toBe(404);
    const viewer = await buildUser(t.ctx.db, { publisherId, roles: [] });
    const viewerAuth = authOf(await login(t.app, viewer.email, viewer.password));
    expect(
      (await call('POST', 'vertical_video/suggest_crop', viewerAuth, { video_id: videoId })).statusCode,
    ).toBe(403);
    expect((await call('GET', 'vertical_video/suggest_crop/reframe-1-all', viewerAuth)).statusCode).toBe(403);
  });
});

describe('a task that arrives without suggestions', () => {
  const ingest = (token: string, url: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/ingest/v1/${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const arriving = (suggestions: object[] = []) => ({
    content_type: 'full_video',
    title: 'Arrives without a crop',
    source: {
      video: SRC.path,
      duration_seconds: SRC.frames / SRC.fps,
      width: SRC.width,
      height: SRC.height,
      fps: SRC.fps,
    },
    suggestions,
  });
  /** Every reframe job of a task, whatever its state. */
  const jobsOf = async (videoId: number) =>
    (await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'])).filter(
      (job) => (job.data as { videoId?: number }).videoId === videoId,
    );

  it('gets the console suggestion by itself, from one job however often it is sent', async () => {
    const lines: string[] = [];
    await runTokensCommand(
      ['create', '--name', 'pipeline', '--publisher', String(publisherId)],
      t.ctx.db,
      (line) => lines.push(line),
    );
    const token = /(hcs_\S+)$/.exec(lines.join('\n'))![1]!;

    const first = await ingest(token, 'vertical_tasks/auto-1', arriving());
    expect(first.statusCode, first.body).toBe(200);
    const { id: videoId, created } = first.json().data as { id: number; created: boolean };
    expect(created).toBe(true);
    // Sent again at once (a pipeline's retry): still the one job.
    expect((await ingest(token, 'vertical_tasks/auto-1', arriving())).statusCode).toBe(200);
    const jobs = await jobsOf(videoId);
    expect(jobs.map((j) => j.id)).toEqual([`reframe-${videoId}-all`]);

    // The reviewer finds the console's suggestion without asking for it.
    const suggestion = await eventually(
      async () => {
        const [only, ...rest] = await suggestionsOf(videoId);
        expect(rest).toEqual([]);
        expect(only?.origin).toBe('console');
        return only!;
      },
      90_000,
      250,
    );
    const file = suggestion.keyframe_json_file!;
    expect(validateKeyframeFile(file, { ...SRC, frameCount: SRC.frames })).toEqual([]);
    expect(file.groups.map((g) => g.start_frame)).toEqual([0, CUT]);
    expect(heldShare(file)).toBeGreaterThanOrEqual(0.95);

    // Once it has one, a later PUT starts nothing more: the job is the same, run once.
    await eventually(async () => expect(await jobs[0]!.getState()).toBe('completed'), 10_000);
    expect((await ingest(token, 'vertical_tasks/auto-1', arriving())).statusCode).toBe(200);
    const after = await jobsOf(videoId);
    expect(after.map((j) => [j.id, j.timestamp])).toEqual([[jobs[0]!.id, jobs[0]!.timestamp]]);
    expect(await suggestionsOf(videoId)).toHaveLength(1);

    // A task that arrives with the pipeline's suggestion gets no job.
    const withOne = await ingest(
      token,
      'vertical_tasks/auto-2',
      arriving([
        {
          external_id: 's1',
          start_time: 0,
          end_time: SRC.frames / SRC.fps,
          active: true,
          keyframe: {
            ...keyframeFileFor(0, SRC.frames - 1),
            fps: SRC.fps,
            input_width: SRC.width,
            input_height: SRC.height,
            groups: [
              {
                group_id: 1,
                start_frame: 0,
                end_frame: SRC.frames - 1,
                objects: [
                  {
                    object_id: 1,
                    rect: [100, 0, 203, SRC.height],
                    keyframes: [{ frame: 0, x: 100, y: 0 }],
                  },
                ],
              },
            ],
          },
        },
      ]),
    );
    expect(withOne.statusCode, withOne.body).toBe(200);
    expect(await jobsOf((withOne.json().data as { id: number }).id)).toEqual([]);
  }, 150_000);
});
