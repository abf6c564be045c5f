// The status of a render job as the user is told it: its real result, never BullMQ's 'completed' alone.
// A render that completed by skipping made nothing, and an MP4 is offered only while it is on the store.
import type { RenderJobStatus } from '@hc/shared/api/vertical';
import { failureMessage, queuedOutcome } from '@hc/shared/jobs';
import { jobMessages } from '@hc/shared/messages';
import type { VerticalRenderResult } from '@hc/shared/job-contracts';
import { type MediaStore, videoUrlOf } from '../media/store.ts';
import type { RenderJob } from './render-queue.ts';
import type { TaskView } from './repo.ts';

const exists = async (media: MediaStore, relativePath: string) => {
  const file = await media.open(relativePath).catch(() => null);
  file?.stream.destroy();
  return file !== null;
};

/** The render's status: done only with an MP4 that exists now, failed always with its reason. */
export async function renderStatusOf(
  media: MediaStore,
  job: RenderJob,
  state: RenderJobStatus['state'],
  task: TaskView['task'],
): Promise<RenderJobStatus> {
  const progress = typeof job.progress === 'number' ? job.progress : 0;
  // A job waiting past the bound says so: no renderer may be running.
  if (state === 'queued')
    return { state, progress, video_url: null, error: null, outcome: queuedOutcome(job.timestamp) };
  if (state === 'active')
    return { state, progress, video_url: null, error: null, outcome: { kind: 'running', progress } };
  if (state === 'failed') {
    const error = failureMessage(job.failedReason);
    return { state, progress, video_url: null, error, outcome: { kind: 'failed', error } };
  }
  const result = job.returnvalue as VerticalRenderResult | null | undefined;
  if (result && !result.rendered) {
    const reason = result.skipped || 'nothing to render';
    return {
      state,
      progress,
      video_url: null,
      error: null,
      outcome: { kind: 'skipped', reason, next: jobMessages.renderSkippedNext },
    };
  }
  // The task's MP4 is the render's result once the render made it ready (a later render may replace it).
  const videoPath = result?.path ?? (task.status === 'ready' ? task.videoPath : null);
  if (videoPath && (await exists(media, videoPath))) {
    const url = videoUrlOf(media, videoPath);
    return { state, progress: 100, video_url: url, error: null, outcome: { kind: 'done', url } };
  }
  const error = jobMessages.fileMissing;
  return { state: 'failed', progress, video_url: null, error, outcome: { kind: 'failed', error } };
}
