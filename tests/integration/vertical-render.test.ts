// The vertical-render worker (approve to MP4) with real BullMQ workers and real ffmpeg: a
// 640x360 source where a white square crosses a black frame, a keyframe file whose object follows it,
// approve through the API, and the rendered MP4 checked with ffprobe and by decoding its frames: the
// square stays at the centre of the vertical frame from the first frame to the last (a static crop
// loses it half way). Also: the task row, the suggestion made active, the render job status with its
// progress and video URL, a full video rendered whole with its audio, a missing source that fails the
// task, and a job for an older keyframe version that is skipped.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import { ffmpegPath, ffprobePath } from '@hc/media/binaries';
import { smoothKeyframeFile } from '@hc/shared/vertical/crop-path';
import { cropWindowAt } from '@hc/shared/vertical/keyframe-file';
import type { RenderJobStatus, VerticalRenderStarted } from '@hc/shared/api/vertical';
import {
  BULLMQ_CONNECTION_OPTIONS,
  verticalRenderJobId,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { withLock } from '../support/locks.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

const run = promisify(execFile);
type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;

/** 4 s of 640x360 at 25 fps with a tone; a 60x60 white square at y 150 moves 4 px a frame from x 60. */
const SRC = { width: 640, height: 360, fps: 25, frames: 100, path: 'test/moving-square.mp4' } as const;
const squareX = (frame: number) => 60 + 4 * frame;
/** A small 9:16 output keeps the suite fast; the crop model is the same at 1080x1920. */
const OUT = { width: 360, height: 640 } as const;

/**
 * The object: a 180x320 box around the square (60 px either side, as small as a crop may be: 640 px of
 * output from 320 is 2x), keyframed at the ends of [first, last]. Its crop window is the box itself, so
 * the square fills the middle third of the output width.
 */
function followingFile(first: number, last: number, smoothing?: number): KeyframeFileData {
  return {
    grid_manager_ver: '2.0',
    fps: SRC.fps,
    input_width: SRC.width,
    input_height: SRC.height,
    output_vertical_width: OUT.width,
    output_vertical_height: OUT.height,
    groups: [
      {
        group_id: 1,
        start_frame: 0,
        end_frame: SRC.frames - 1,
        objects: [
          {
            object_id: 1,
            rect: [squareX(first) - 60, 20, 180, 320],
            keyframes: [
              { frame: first, x: squareX(first) - 60, y: 20 },
              { frame: last, x: squareX(last) - 60, y: 20 },
            ],
          },
        ],
      },
    ],
    ...(smoothing !== undefined ? { smoothing_seconds: smoothing } : {}),
  };
}

let t: TestApp;
let workers: RunningWorkers;
let events: QueueEvents;
let queue: Queue<VerticalRenderJob>;
let mediaDir: string;
let publisherId: number;
let reviewer: Headers;
const progressOf = new Map<string, number[]>();

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });
const taskRow = async (videoId: number) =>
  (await t.ctx.db.select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;
const suggestionsOf = (videoId: number) =>
  t.ctx.db
    .select()
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.videoId, videoId))
    .orderBy(schema.verticalSuggestions.id);
const jobStatus = async (jobId: string) => {
  const response = await call('GET', `vertical_video/render_jobs/${jobId}`, reviewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RenderJobStatus;
};

/** Gives the task's suggestions the keyframe file `data`. */
async function setKeyframes(videoId: number, data: KeyframeFileData) {
  for (const s of await suggestionsOf(videoId)) {
    await t.ctx.db
      .update(schema.keyframeFiles)
      .set({ data })
      .where(eq(schema.keyframeFiles.id, s.keyframeFileId!));
  }
}

async function approve(suggestionId: number, contentType: 'highlight' | 'full_video') {
  const [suggestion] = await t.ctx.db
    .select({ videoId: schema.verticalSuggestions.videoId })
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionId));
  // The reviewer opens the task first: approve presents the lease's fence.
  const fenced = await withLock(t.app, reviewer, 'vertical_task', suggestion!.videoId);
  const response = await call('POST', 'vertical_video/approve', fenced, {
    vertical_content_id: suggestionId,
    content_type: contentType,
    quality: 'good',
  });
  expect(response.statusCode, response.body).toBe(202);
  return (response.json().data as VerticalRenderStarted).job_id;
}

/** Waits until the task leaves 'queued' (rendered or failed). */
const settled = (videoId: number) =>
  eventually(
    async () => {
      const row = await taskRow(videoId);
      expect(row.renderState).not.toBe('queued');
      return row;
    },
    40_000,
    100,
  );

interface Probe {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    nb_frames?: string;
    duration?: string;
  }[];
  format: { duration: string; format_name: string };
}
async function probe(file: string): Promise<Probe> {
  const { stdout } = await run(ffprobePath(), [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height,nb_frames,duration:format=duration,format_name',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as Probe;
}

/** The x centre of the white pixels of every frame of the MP4, in output pixels (decoded as gray). */
async function whiteCentres(file: string): Promise<number[]> {
  const { stdout } = await run(
    ffmpegPath(),
    ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  );
  const frameSize = OUT.width * OUT.height;
  const centres: number[] = [];
  for (let offset = 0; offset + frameSize <= stdout.length; offset += frameSize) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < frameSize; i++) {
      if (stdout[offset + i]! > 128) {
        sum += i % OUT.width;
        count++;
      }
    }
    centres.push(count === 0 ? Number.NaN : sum / count);
  }
  return centres;
}

/**
 * Every frame has the square at the horizontal centre. A crop one frame late or early is 4 source px
 * (10 output px) off; one fixed at the first frame's window loses the square.
 */
async function expectCentredThroughout(file: string, frames: number) {
  const centres = await whiteCentres(file);
  expect(centres).toHaveLength(frames);
  for (const [frame, centre] of centres.entries()) {
    expect(Math.abs(centre - OUT.width / 2), `frame ${frame}: square centred at ${centre}`).toBeLessThan(3);
  }
}

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  mediaDir = t.ctx.config.mediaDir;
  const source = path.join(mediaDir, SRC.path);
  await mkdir(path.dirname(source), { recursive: true });
  const seconds = SRC.frames / SRC.fps;
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=black:s=${SRC.width}x${SRC.height}:r=${SRC.fps}:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `color=white:s=60x60:r=${SRC.fps}:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-filter_complex',
    `[0][1]overlay=x='60+100*t':y=150[v]`,
    '-map',
    '[v]',
    '-map',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
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
  const connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
  queue = new Queue(QUEUES.verticalRender, { connection, prefix });
  events = new QueueEvents(QUEUES.verticalRender, {
    connection: new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS),
    prefix,
  });
  events.on('progress', ({ jobId, data }) => {
    if (typeof data === 'number') progressOf.set(jobId, [...(progressOf.get(jobId) ?? []), data]);
  });
  await events.waitUntilReady();
});

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

describe('vertical-render', () => {
  it('renders a highlight range whose crop follows the keyframes, and marks the task ready', async () => {
    // Approved: [1 s, 3 s) = frames 25..74. The other suggestion was the active one.
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      srcVideoPath: SRC.path,
      durationSeconds: SRC.frames / SRC.fps,
      plans: [
        { startTime: 1, endTime: 3 },
        { startTime: 0, endTime: 2, active: true },
      ],
    });
    await setKeyframes(videoId, followingFile(25, 74));
    const jobId = await approve(suggestionIds[0]!, 'highlight');

    const row = await settled(videoId);
    expect(row.renderError).toBeNull();
    expect(row).toMatchObject({ status: 'ready', renderState: null, trimmedDurationSeconds: 2 });
    expect(row.videoPath).toMatch(new RegExp(`^vertical/${publisherId}/${jobId}-[0-9a-f]{24}\\.mp4$`));
    expect(row.generatedAt).not.toBeNull();
    expect((await suggestionsOf(videoId)).map((s) => s.active)).toEqual([true, false]);

    const file = path.join(mediaDir, row.videoPath!);
    // Written under a temp name and renamed: nothing else is left in the folder.
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
    const info = await probe(file);
    expect(info.format.format_name).toContain('mp4');
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({
      codec_name: 'h264',
      width: OUT.width,
      height: OUT.height,
      nb_frames: '50',
    });
    // The audio is kept and cut to the same range.
    const audio = info.streams.find((s) => s.codec_type === 'audio');
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(audio?.duration) - 2)).toBeLessThan(0.05);
    expect(Number(info.format.duration)).toBeCloseTo(2, 1);

    // The square (60 source px, 120 output px wide) moves 196 px; the window is 180 px wide.
    await expectCentredThroughout(file, 50);

    // The status call: completed at 100 with the MP4's URL (served by the media store); ffmpeg's
    // progress was reported on the way.
    expect(await jobStatus(jobId)).toEqual({
      state: 'completed',
      progress: 100,
      video_url: `/media/${row.videoPath!.replace(/\.mp4$/, '')}`,
      error: null,
      outcome: { kind: 'done', url: `/media/${row.videoPath!.replace(/\.mp4$/, '')}` },
    });
    const served = await t.app.inject({ method: 'GET', url: `/media/${row.videoPath!}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await readFile(file))).toBe(true);
    const progress = progressOf.get(jobId) ?? [];
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('renders a full video whole, with its audio', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      contentType: 'full_video',
      srcVideoPath: SRC.path,
      durationSeconds: SRC.frames / SRC.fps,
      plans: [{ startTime: 0, endTime: SRC.frames / SRC.fps }],
    });
    await setKeyframes(videoId, followingFile(0, SRC.frames - 1));
    await approve(suggestionIds[0]!, 'full_video');
    const row = await settled(videoId);
    expect(row).toMatchObject({ status: 'ready', renderState: null, trimmedDurationSeconds: 4 });
    const file = path.join(mediaDir, row.videoPath!);
    const info = await probe(file);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ nb_frames: '100' });
    expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    await expectCentredThroughout(file, 100);
  });

  it('renders a smoothed path exactly where the smoothed keyframes put the crop, frame by frame', async () => {
    // Keyframes at 1 s and 3 s with the path held outside them: a second of smoothing either side rounds
    // both corners, so near 1 s and 3 s the crop lags the square by up to ~13 source px; in the middle the
    // path is a straight line and stays on it.
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      srcVideoPath: SRC.path,
      durationSeconds: SRC.frames / SRC.fps,
      plans: [{ startTime: 1, endTime: 3, active: true }],
    });
    const data = followingFile(25, 74, 1);
    await setKeyframes(videoId, data);
    await approve(suggestionIds[0]!, 'highlight');
    const row = await settled(videoId);
    expect(row.renderError).toBeNull();
    const centres = await whiteCentres(path.join(mediaDir, row.videoPath!));
    expect(centres).toHaveLength(50);
    const smoothed = smoothKeyframeFile(data);
    let parted = 0;
    for (const [i, centre] of centres.entries()) {
      const frame = 25 + i;
      const window = cropWindowAt(smoothed, frame);
      const expected = ((squareX(frame) + 30 - window.x) * OUT.width) / window.width;
      expect(
        Math.abs(centre - expected),
        `frame ${frame}: square at ${centre}, model ${expected}`,
      ).toBeLessThan(3);
      // Where the smoothed crop is not the straight one, the render shows it.
      if (Math.abs(centre - OUT.width / 2) > 10) parted += 1;
    }
    expect(parted).toBeGreaterThan(5);
  });

  it('refuses a crop it would enlarge more than 2x, with the frame at fault', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      srcVideoPath: SRC.path,
      durationSeconds: SRC.frames / SRC.fps,
      plans: [{ startTime: 1, endTime: 3, active: true }],
    });
    // The box of the earlier versions of this test: a 140x249 crop, 2.6x.
    const small = followingFile(25, 74);
    small.groups[0]!.objects[0]!.rect = [squareX(25) - 40, 100, 140, 160];
    await setKeyframes(videoId, small);
    await approve(suggestionIds[0]!, 'highlight');
    const row = await settled(videoId);
    expect(row).toMatchObject({ status: 'review', renderState: 'failed', videoPath: null });
    expect(row.renderError).toBe(
      'The crop at frame 25 is 249 px tall: the render would enlarge it 2.6×, more than 2×. Make the boxes there at least 320 px tall.',
    );
  });

  it('marks the task failed with a short error when the source video is missing', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      srcVideoPath: 'test/no-such-source.mp4',
      durationSeconds: 4,
      plans: [{ startTime: 1, endTime: 3, active: true }],
    });
    await setKeyframes(videoId, followingFile(25, 74));
    const jobId = await approve(suggestionIds[0]!, 'highlight');
    const row = await settled(videoId);
    expect(row).toMatchObject({
      status: 'review',
      renderState: 'failed',
      renderError: 'Source video not found',
      videoPath: null,
    });
    const status = await jobStatus(jobId);
    expect(status).toMatchObject({ state: 'failed', video_url: null, error: 'Source video not found' });
  });

  it('skips a job for a keyframe version older than the saved one', async () => {
    const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, {
      publisherId,
      srcVideoPath: SRC.path,
      durationSeconds: 4,
      plans: [{ startTime: 1, endTime: 3, active: true }],
    });
    const [suggestion] = await suggestionsOf(videoId);
    await t.ctx.db
      .update(schema.keyframeFiles)
      .set({ data: followingFile(25, 74), version: 2 })
      .where(eq(schema.keyframeFiles.id, suggestion!.keyframeFileId!));
    const job: VerticalRenderJob = {
      videoId,
      publisherId,
      suggestionId: suggestionIds[0]!,
      keyframeFileId: suggestion!.keyframeFileId!,
      keyframeVersion: 1,
      startTime: 1,
      endTime: 3,
    };
    const jobId = verticalRenderJobId(job);
    await t.ctx.db
      .update(schema.verticalTasks)
      .set({ renderState: 'queued', renderJobId: jobId })
      .where(eq(schema.verticalTasks.videoId, videoId));
    const added = await queue.add('render', job, { jobId });
    const result = await added.waitUntilFinished(events, 30_000);
    expect(result).toEqual({ rendered: false, skipped: 'a newer keyframe file version was saved' });
    // The task is back in review with the reason, not left waiting for a render that will not come.
    expect(await taskRow(videoId)).toMatchObject({
      status: 'review',
      renderState: 'failed',
      renderError: 'Render skipped: a newer keyframe file version was saved',
      videoPath: null,
    });
    // The status says skipped with why and what next; never done, and no link.
    expect(await jobStatus(jobId)).toMatchObject({
      state: 'completed',
      video_url: null,
      outcome: { kind: 'skipped', reason: 'a newer keyframe file version was saved' },
    });
  });
});
