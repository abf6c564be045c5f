// Factories of the vertical tool's suites: a real source video made with ffmpeg, tasks with their
// suggestions and keyframe files, and keyframe files that fit a video.
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import { ffmpegPath } from '@hc/media/binaries';

/** The source video every suite makes: 20 s of 320x180 at 24 fps (480 frames). */
export const SOURCE = { width: 320, height: 180, fps: 24, seconds: 20, frameCount: 480 } as const;
export const SOURCE_PATH = 'test/vertical-source.mp4';

/** Renders SOURCE with ffmpeg's test pattern under the media folder. */
export async function makeSourceVideo(mediaDir: string): Promise<void> {
  const file = path.join(mediaDir, SOURCE_PATH);
  await mkdir(path.dirname(file), { recursive: true });
  const { width, height, fps, seconds } = SOURCE;
  await promisify(execFile)(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
}

/**
 * A keyframe file for SOURCE following one full-height 101x180 object over frames [first, last], in one
 * group (180 px to 1920 is enlarged 10.7x already: no crop tighter than the full height is accepted).
 */
export function keyframeFileFor(first: number, last: number): KeyframeFileData {
  return {
    grid_manager_ver: '2.0',
    fps: SOURCE.fps,
    input_width: SOURCE.width,
    input_height: SOURCE.height,
    output_vertical_width: 1080,
    output_vertical_height: 1920,
    groups: [
      {
        group_id: 1,
        start_frame: first,
        end_frame: last,
        objects: [
          {
            object_id: 1,
            rect: [100, 0, 101, 180],
            keyframes: [
              { frame: first, x: 100, y: 0 },
              { frame: last, x: 200, y: 0 },
            ],
          },
        ],
      },
    ],
  };
}

/** The frames of a time range of SOURCE, as the server counts them. */
export const framesOf = (start: number, end: number) => ({
  first: Math.round(start * SOURCE.fps),
  last: Math.round(end * SOURCE.fps) - 1,
});

let nextVideoId = 9_100_000;

export interface SuggestionPlan {
  startTime: number;
  endTime: number;
  source?: number;
  active?: boolean;
  /** false: a suggestion without a keyframe file. */
  keyframe?: boolean;
  createdAt?: Date;
}

/** A task of SOURCE with its suggestions (oldest first in `plans`); returns ids. */
export async function buildVerticalTask(
  db: Db,
  options: {
    publisherId: number;
    contentType?: 'highlight' | 'full_video';
    status?: 'review' | 'ready' | 'rejected';
    plans?: SuggestionPlan[];
  } & Partial<typeof schema.verticalTasks.$inferInsert>,
) {
  const { plans: givenPlans, contentType = 'highlight', status = 'review', ...overrides } = options;
  const videoId = overrides.videoId ?? ++nextVideoId;
  const plans =
    givenPlans ??
    (contentType === 'highlight'
      ? [{ startTime: 2, endTime: 10, active: true }]
      : [{ startTime: 0, endTime: SOURCE.seconds, active: true }]);
  await db.insert(schema.verticalTasks).values({
    videoId,
    contentType,
    status,
    title: `Task ${videoId}`,
    srcVideoPath: SOURCE_PATH,
    durationSeconds: SOURCE.seconds,
    ...overrides,
  });
  const suggestionIds: number[] = [];
  for (const [i, plan] of plans.entries()) {
    let keyframeFileId: number | null = null;
    if (plan.keyframe !== false) {
      const { first, last } = framesOf(plan.startTime, plan.endTime);
      const [file] = await db
        .insert(schema.keyframeFiles)
        .values({ data: keyframeFileFor(first, last) })
        .returning();
      keyframeFileId = file!.id;
    }
    const [suggestion] = await db
      .insert(schema.verticalSuggestions)
      .values({
        videoId,
        startTime: plan.startTime,
        endTime: plan.endTime,
        source: plan.source ?? 1,
        active: plan.active ?? false,
        keyframeFileId,
        createdAt: plan.createdAt ?? new Date(Date.now() - (plans.length - i) * 60_000),
      })
      .returning();
    suggestionIds.push(suggestion!.id);
  }
  return { videoId, suggestionIds };
}
