// vertical-reframe: the console's own crop suggestion of a vertical task. The source is decoded once by
// ffmpeg into small frames (media/reframe-frames.ts) that the reframing engine (@hc/reframe) turns into
// a keyframe file: shots, subject, camera mode and smooth path per shot. The file is checked against
// the source with the same rules as any other, and stored as the task's console suggestion (origin
// 'console', one a task, beside the pipeline's): a second run replaces its keyframe file as a new
// version. A run for one span (one shot) re-plans only that span of the console suggestion (of the
// task's newest suggestion when the console has none yet).
import { UnrecoverableError, type Job } from 'bullmq';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import { Reframer } from '@hc/reframe/index';
import { spliceGroups } from '@hc/reframe/keyframes';
import { validateKeyframeFile, type KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { probeVideo } from '@hc/media/ffmpeg';
import { readAnalysisFrames } from '../media/reframe-frames.ts';
import { insideStore } from '../media/store.ts';
import type { VerticalReframeJob, VerticalReframeResult } from '@hc/shared/job-contracts';

export interface VerticalReframeDeps {
  db: Db;
  mediaDir: string;
  log: (message: string, details?: object) => void;
}

const { verticalTasks, verticalSuggestions, keyframeFiles } = schema;

async function reframe(
  deps: VerticalReframeDeps,
  job: Job<VerticalReframeJob>,
): Promise<VerticalReframeResult> {
  const { db, mediaDir } = deps;
  const { videoId, publisherId, span } = job.data;
  const [task] = await db.select().from(verticalTasks).where(eq(verticalTasks.videoId, videoId));
  if (!task || task.publisherId !== publisherId) throw new UnrecoverableError('Vertical task not found');
  const source = insideStore(mediaDir, task.srcVideoPath);
  const probe = await probeVideo(source);
  if (!probe) throw new UnrecoverableError('Source video cannot be read');
  const lastFrame = probe.frameCount - 1;

  // The frames to plan: the span asked for, else the task's range (highlights), else the whole video.
  let first = 0;
  let last = lastFrame;
  if (span) {
    first = Math.min(span.startFrame, lastFrame);
    last = Math.min(span.endFrame, lastFrame);
  } else if (task.startTime !== null && task.endTime !== null) {
    first = Math.min(Math.round(task.startTime * probe.fps), lastFrame);
    last = Math.max(first, Math.min(Math.round(task.endTime * probe.fps) - 1, lastFrame));
  }
  if (last < first) throw new UnrecoverableError('The span holds no frame of the source');

  const input = {
    width: probe.width,
    height: probe.height,
    fps: probe.fps,
    firstFrame: first,
    frameCount: last - first + 1,
  };
  const reframer = new Reframer(input);
  let reported = 0;
  await readAnalysisFrames(
    {
      source,
      sourceFps: probe.fps,
      sourceWidth: probe.width,
      sourceHeight: probe.height,
      videoStartSeconds: probe.videoStartSeconds,
      firstFrame: first,
      frameCount: input.frameCount,
    },
    {
      shotFrame: (frame) => reframer.pushShotFrame(frame),
      analysisFrame: (frame, sourceFrame) => reframer.pushAnalysisFrame(frame, sourceFrame),
      progress: (share) => {
        // 100 is kept for the stored suggestion.
        const progress = Math.min(95, Math.floor(share * 95));
        if (progress > reported) {
          reported = progress;
          void job.updateProgress(progress).catch(() => undefined);
        }
      },
    },
  );
  const planned = reframer.finish();

  const [consoleRow] = await db
    .select({ suggestion: verticalSuggestions, keyframe: keyframeFiles })
    .from(verticalSuggestions)
    .leftJoin(keyframeFiles, eq(keyframeFiles.id, verticalSuggestions.keyframeFileId))
    .where(and(eq(verticalSuggestions.videoId, videoId), eq(verticalSuggestions.origin, 'console')));
  let file: KeyframeFile = planned.file;
  let startTime = first / probe.fps;
  let endTime = (last + 1) / probe.fps;
  if (span) {
    // One shot again: the rest keeps the console's path, or the pipeline's newest when there is none.
    let base = consoleRow?.keyframe
      ? { data: consoleRow.keyframe.data, suggestion: consoleRow.suggestion }
      : null;
    if (!base) {
      const [newest] = await db
        .select({ suggestion: verticalSuggestions, keyframe: keyframeFiles })
        .from(verticalSuggestions)
        .innerJoin(keyframeFiles, eq(keyframeFiles.id, verticalSuggestions.keyframeFileId))
        .where(eq(verticalSuggestions.videoId, videoId))
        .orderBy(desc(verticalSuggestions.id))
        .limit(1);
      if (newest) base = { data: newest.keyframe.data, suggestion: newest.suggestion };
    }
    if (base && base.data.input_width === probe.width && base.data.input_height === probe.height) {
      file = spliceGroups(base.data as KeyframeFile, planned.file);
      const frames = file.groups;
      startTime = Math.min(base.suggestion.startTime, frames[0]!.start_frame / probe.fps);
      endTime = Math.max(base.suggestion.endTime, (frames[frames.length - 1]!.end_frame + 1) / probe.fps);
    }
  }
  const problems = validateKeyframeFile(file, {
    width: probe.width,
    height: probe.height,
    frameCount: probe.frameCount,
  });
  if (problems.length > 0) {
    // The engine writes only what these rules allow: a problem here is a fault of the engine.
    throw new UnrecoverableError(
      `The suggested crop is not valid: ${problems[0]!.field} ${problems[0]!.message}`,
    );
  }

  const stored = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(verticalSuggestions)
      .where(and(eq(verticalSuggestions.videoId, videoId), eq(verticalSuggestions.origin, 'console')))
      .for('update');
    const data = file as KeyframeFileData;
    if (current?.keyframeFileId) {
      const [saved] = await tx
        .update(keyframeFiles)
        .set({ data, version: sql`${keyframeFiles.version} + 1`, updatedAt: new Date() })
        .where(eq(keyframeFiles.id, current.keyframeFileId))
        .returning({ version: keyframeFiles.version });
      await tx
        .update(verticalSuggestions)
        .set({ startTime, endTime })
        .where(eq(verticalSuggestions.id, current.id));
      return { suggestionId: current.id, keyframeVersion: saved!.version };
    }
    const [created] = await tx.insert(keyframeFiles).values({ data }).returning({ id: keyframeFiles.id });
    if (current) {
      await tx
        .update(verticalSuggestions)
        .set({ startTime, endTime, keyframeFileId: created!.id })
        .where(eq(verticalSuggestions.id, current.id));
      return { suggestionId: current.id, keyframeVersion: 1 };
    }
    const [suggestion] = await tx
      .insert(verticalSuggestions)
      .values({ videoId, startTime, endTime, origin: 'console', keyframeFileId: created!.id })
      .returning({ id: verticalSuggestions.id });
    return { suggestionId: suggestion!.id, keyframeVersion: 1 };
  });
  await job.updateProgress(100);
  return {
    ...stored,
    shots: planned.shots.length,
    keyframes: file.groups.reduce((n, g) => n + g.objects.reduce((m, o) => m + o.keyframes.length, 0), 0),
  };
}

export function verticalReframeProcessor(deps: VerticalReframeDeps) {
  return async (job: Job<VerticalReframeJob>): Promise<VerticalReframeResult> => {
    const result = await reframe(deps, job);
    deps.log('vertical reframe stored', { job: job.id, ...result });
    return result;
  };
}
