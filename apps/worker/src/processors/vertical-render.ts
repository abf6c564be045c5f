// vertical-render: renders a task's vertical MP4 in one ffmpeg pass. The crop follows the
// keyframe file after its smoothing (smoothKeyframeFile) frame by frame (cropWindowAt through a sendcmd
// script, see media/follow-crop.ts); a crop it would enlarge more than 2x is refused. Every
// frame is scaled to the file's output size, H.264 with faststart, the audio kept when there is one.
// Highlights are trimmed to the job's range, full videos rendered whole.
//
// The MP4 is written under a temp name and renamed when complete, so a killed job leaves no broken file
// under a final name (a retry removes the stale temp, and reuses a renamed file it finds). The task is
// marked ready in one transaction with the rendered suggestion made the active one. A job the task no
// longer waits for (another render claimed it, or a newer keyframe save) is skipped.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError, type Job, type Queue, type Worker } from 'bullmq';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { failureMessage } from '@hc/shared/jobs';
import { jobMessages } from '@hc/shared/messages';
import { cropTooSmallError, smoothKeyframeFile } from '@hc/shared/vertical/crop-path';
import { followCrop, followCropFilter } from '../media/follow-crop.ts';
import { probeVideo, runFfmpeg } from '@hc/media/ffmpeg';
import { finalNameFor, finishedFileOf, tempPathFor, writeThenRename } from '@hc/media/temp-then-rename';
import { insideStore } from '../media/store.ts';
import {
  verticalRenderDir,
  type VerticalRenderJob,
  type VerticalRenderResult,
} from '@hc/shared/job-contracts';

export interface VerticalRenderDeps {
  db: Db;
  /** The media store's folder (DATA_DIR/media). */
  mediaDir: string;
  log: (message: string, details?: object) => void;
}

/**
 * H.264 for the web: fast preset (renders wait in a queue), constant quality, moov atom first. Exported for
 * the bench, whose reference crop-and-scale command encodes with the same settings.
 */
export const VIDEO_CODEC = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
const AUDIO_CODEC = ['-c:a', 'aac', '-b:a', '128k'];
/** render_error is shown in the review list: keep it short. */
const MAX_ERROR_LENGTH = 200;

const { verticalTasks, verticalSuggestions, keyframeFiles } = schema;

const skipped = (reason: string): VerticalRenderResult => ({ rendered: false, skipped: reason });

async function render(deps: VerticalRenderDeps, job: Job<VerticalRenderJob>): Promise<VerticalRenderResult> {
  const jobId = job.id;
  if (!jobId) throw new UnrecoverableError('A vertical render job needs its derived id');
  const { videoId, publisherId, suggestionId, keyframeFileId, keyframeVersion } = job.data;
  const { db, mediaDir } = deps;

  const [task] = await db.select().from(verticalTasks).where(eq(verticalTasks.videoId, videoId));
  if (!task || task.publisherId !== publisherId) throw new UnrecoverableError('Vertical task not found');
  // The task names the render it waits for; any other job is a stale one.
  if (task.renderJobId !== jobId) return skipped('the task waits for another render');
  if (task.status === 'ready') return skipped('already rendered');
  if (task.status !== 'review') return skipped(`the task is ${task.status}`);

  const [row] = await db
    .select({ suggestion: verticalSuggestions, keyframe: keyframeFiles })
    .from(verticalSuggestions)
    .innerJoin(keyframeFiles, eq(keyframeFiles.id, verticalSuggestions.keyframeFileId))
    .where(and(eq(verticalSuggestions.id, suggestionId), eq(verticalSuggestions.videoId, videoId)));
  if (!row || row.keyframe.id !== keyframeFileId) throw new UnrecoverableError('Keyframe file not found');
  if (row.keyframe.version > keyframeVersion) return skipped('a newer keyframe file version was saved');
  const file = row.keyframe.data;

  const source = insideStore(mediaDir, task.srcVideoPath);
  if (!(await stat(source).catch(() => null))?.isFile())
    throw new UnrecoverableError('Source video not found');
  const probe = await probeVideo(source);
  if (!probe) throw new UnrecoverableError('Source video cannot be read');
  if (probe.width !== file.input_width || probe.height !== file.input_height) {
    throw new UnrecoverableError(
      `Keyframe file is for ${file.input_width}x${file.input_height}, the source is ${probe.width}x${probe.height}`,
    );
  }

  // Frames to render: [firstFrame, firstFrame + frameCount) of the source, counted as the server does.
  const { fps } = probe;
  const trimmed = job.data.startTime !== null && job.data.endTime !== null;
  const firstFrame = trimmed ? Math.round(job.data.startTime! * fps) : 0;
  const endFrame = trimmed
    ? Math.min(Math.round(job.data.endTime! * fps), probe.frameCount)
    : probe.frameCount;
  const frameCount = endFrame - firstFrame;
  if (frameCount <= 0) throw new UnrecoverableError('The time range holds no frame of the source');
  const durationSeconds = Math.round((frameCount / fps) * 1000) / 1000;
  // The path the crop follows is the file's after its smoothing; a crop the render would enlarge too
  // much is refused with the frame at fault, not blown up.
  const tooSmall = cropTooSmallError(file, firstFrame, endFrame - 1);
  if (tooSmall) throw new UnrecoverableError(tooSmall);
  const followed = smoothKeyframeFile(file);

  const dir = insideStore(mediaDir, path.join(verticalRenderDir(publisherId), '.'));
  await mkdir(dir, { recursive: true });
  // A previous attempt may have renamed its MP4 and died before the task was updated: that is the result.
  let finalName = await finishedFileOf(dir, jobId, '.mp4');
  if (!finalName) {
    finalName = finalNameFor(jobId, '.mp4');
    const tempFile = tempPathFor(dir, jobId);
    const work = await mkdtemp(path.join(tmpdir(), 'hc-vertical-'));
    try {
      const output = { width: file.output_vertical_width, height: file.output_vertical_height };
      let input: string[] = [];
      let videoFilters: string[] = [];
      let audioFilters: string[] = [];
      let firstFrameSeconds = probe.videoStartSeconds;
      if (trimmed) {
        // Seek half a frame before the first frame so the cut falls between frames; then the video
        // starts at its first frame and the audio drops the same `lead`, so both stay in sync.
        const firstFrameAt = probe.videoStartSeconds + firstFrame / fps;
        const seek = Math.max(0, firstFrameAt - 0.5 / fps);
        const lead = firstFrameAt - seek;
        input = ['-ss', seek.toFixed(6), '-t', (lead + frameCount / fps).toFixed(6)];
        videoFilters = ['setpts=PTS-STARTPTS'];
        audioFilters = [`atrim=start=${lead.toFixed(6)}`, 'asetpts=PTS-STARTPTS'];
        firstFrameSeconds = 0;
      }
      const crop = followCrop(followed, { firstFrame, frameCount, fps, firstFrameSeconds });
      const commandsFile = crop.commandCount > 0 ? path.join(work, 'crop.cmd') : null;
      if (commandsFile) await writeFile(commandsFile, crop.commands);
      videoFilters.push(followCropFilter(crop, commandsFile, output));
      const audio = probe.hasAudio
        ? ['-map', '0:a:0', ...(audioFilters.length ? ['-af', audioFilters.join(',')] : []), ...AUDIO_CODEC]
        : ['-an'];
      const args = [
        '-v',
        'error',
        '-protocol_whitelist',
        'file',
        ...input,
        '-f',
        'mp4',
        '-i',
        `file:${source}`,
        '-map',
        '0:v:0',
        '-vf',
        videoFilters.join(','),
        ...(trimmed ? ['-frames:v', String(frameCount)] : []),
        ...audio,
        ...VIDEO_CODEC,
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        '-y',
        `file:${tempFile}`,
      ];
      const total = frameCount / fps;
      let reported = -1;
      await writeThenRename(tempFile, path.join(dir, finalName), () =>
        runFfmpeg(args, (seconds) => {
          // 100 is kept for the task update: a job at 100 has its task ready.
          const progress = Math.min(99, Math.floor((seconds / total) * 99));
          if (progress > reported) {
            reported = progress;
            // Progress is a hint for the screen: a lost update must not stop the render.
            void job.updateProgress(progress).catch(() => undefined);
          }
        }),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  const videoPath = `${verticalRenderDir(publisherId)}/${finalName}`;
  const done = await db.transaction(async (tx) => {
    const now = new Date();
    const updated = await tx
      .update(verticalTasks)
      .set({
        status: 'ready',
        videoPath,
        trimmedDurationSeconds: durationSeconds,
        generatedAt: now,
        updatedAt: now,
        renderState: null,
        renderError: null,
      })
      .where(
        and(
          eq(verticalTasks.videoId, videoId),
          eq(verticalTasks.renderJobId, jobId),
          eq(verticalTasks.status, 'review'),
        ),
      )
      .returning({ videoId: verticalTasks.videoId });
    if (updated.length === 0) return false;
    await tx
      .update(verticalSuggestions)
      .set({ active: sql`${verticalSuggestions.id} = ${suggestionId}` })
      .where(eq(verticalSuggestions.videoId, videoId));
    return true;
  });
  if (!done) {
    // Claimed by another render or decided while this one ran: the MP4 is nobody's.
    await rm(path.join(dir, finalName), { force: true });
    return skipped('the task changed while rendering');
  }
  await job.updateProgress(100);
  return { rendered: true, path: videoPath, durationSeconds };
}

/** Marks the task's render failed, if the task still waits for this job. */
async function markFailed(
  db: Db,
  job: Pick<Job<VerticalRenderJob>, 'id' | 'data'>,
  message: string,
  /** Only a task not claimed again since (a retry of the same job sets a newer updated_at). */
  updatedBefore?: Date,
) {
  const rows = await db
    .update(verticalTasks)
    .set({ renderState: 'failed', renderError: message.slice(0, MAX_ERROR_LENGTH), updatedAt: new Date() })
    .where(
      and(
        eq(verticalTasks.videoId, job.data.videoId),
        eq(verticalTasks.renderJobId, job.id ?? ''),
        eq(verticalTasks.renderState, 'queued'),
        updatedBefore ? lt(verticalTasks.updatedAt, updatedBefore) : undefined,
      ),
    )
    .returning({ videoId: verticalTasks.videoId });
  return rows.length > 0;
}

/**
 * Tasks still 'queued' for a render that will never end them, put back in review with why: the job is
 * gone from the queue (Redis lost it, or it was removed), or it ended and its end was never written to
 * the task (the worker died between BullMQ's end and the task's update). Only tasks queued longer than
 * `olderThanMs` are looked at: a render is claimed in the database just before its job is queued. A job
 * still waiting or running is left alone however long it takes: its own end (or BullMQ's stalled
 * recovery) tells the task. Returns the tasks put back.
 */
export async function sweepLostRenders(
  deps: Pick<VerticalRenderDeps, 'db' | 'log'>,
  queue: Queue<VerticalRenderJob>,
  olderThanMs: number,
): Promise<number[]> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const waiting = await deps.db
    .select({ videoId: verticalTasks.videoId, renderJobId: verticalTasks.renderJobId })
    .from(verticalTasks)
    .where(
      and(
        eq(verticalTasks.status, 'review'),
        eq(verticalTasks.renderState, 'queued'),
        lt(verticalTasks.updatedAt, cutoff),
      ),
    )
    .limit(500);
  const putBack: number[] = [];
  for (const task of waiting) {
    if (!task.renderJobId) continue;
    const job = await queue.getJob(task.renderJobId);
    const state = job ? await job.getState() : 'unknown';
    let message: string | null = null;
    if (!job || state === 'unknown') message = jobMessages.renderLostTag(jobMessages.renderLost);
    else if (state === 'failed') message = failureMessage(job.failedReason);
    else if (state === 'completed') {
      const result = job.returnvalue as VerticalRenderResult | null;
      message = jobMessages.renderSkippedTag(
        result && !result.rendered ? result.skipped : 'nothing rendered',
      );
    }
    if (message === null) continue;
    const data = { videoId: task.videoId } as VerticalRenderJob;
    if (await markFailed(deps.db, { id: task.renderJobId, data }, message, cutoff)) {
      deps.log('vertical render: a task waiting for an ended or lost render is back in review', {
        job: task.renderJobId,
        reason: message,
      });
      putBack.push(task.videoId);
    }
  }
  return putBack;
}

/**
 * A render BullMQ fails without running the processor (its workers were killed mid-render more often
 * than maxStalledCount allows) marks its task failed too, or the task would read 'queued' forever. The
 * files its killed runs left are removed: temp files (only a retry would have), and an MP4 renamed
 * before the task was updated, which no task names (only a retry would have used it).
 */
export function markStalledRendersFailed(worker: Worker<VerticalRenderJob>, deps: VerticalRenderDeps) {
  worker.on('failed', (job, error) => {
    // finishedOn: failed for good. A processor's own last failure was marked already (a no-op then).
    if (!job?.finishedOn || !job.id) return;
    const jobId = job.id;
    const folder = verticalRenderDir(job.data.publisherId);
    const dir = insideStore(deps.mediaDir, path.join(folder, '.'));
    void (async () => {
      await markFailed(deps.db, job, failureMessage(error.message));
      const [task] = await deps.db
        .select({ videoPath: verticalTasks.videoPath })
        .from(verticalTasks)
        .where(eq(verticalTasks.videoId, job.data.videoId));
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const left =
          (name.startsWith(`.${jobId}.`) && name.endsWith('.part')) ||
          (name.startsWith(`${jobId}-`) && name.endsWith('.mp4') && task?.videoPath !== `${folder}/${name}`);
        if (left) await rm(path.join(dir, name), { force: true });
      }
    })().catch((e: unknown) =>
      deps.log('vertical render: could not mark the task failed', { job: jobId, error: String(e) }),
    );
  });
}

export function verticalRenderProcessor(deps: VerticalRenderDeps) {
  return async (job: Job<VerticalRenderJob>): Promise<VerticalRenderResult> => {
    try {
      const result = await render(deps, job);
      if (!result.rendered) {
        deps.log('vertical render skipped', { job: job.id, reason: result.skipped });
        // A task still waiting for this very job would wait forever, out of every list: it goes back to
        // review with the reason, where a reviewer can render it again. (A task that names another job,
        // or is no longer in review, is untouched: markFailed only matches a task queued for this job.)
        await markFailed(deps.db, job, jobMessages.renderSkippedTag(result.skipped)).catch((e: unknown) =>
          deps.log('vertical render: could not mark the task skipped', { job: job.id, error: String(e) }),
        );
      }
      return result;
    } catch (error) {
      const lastAttempt =
        error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (lastAttempt) {
        const message = error instanceof Error ? error.message : String(error);
        await markFailed(deps.db, job, message).catch((e: unknown) =>
          deps.log('vertical render: could not mark the task failed', { job: job.id, error: String(e) }),
        );
      }
      throw error;
    }
  };
}
