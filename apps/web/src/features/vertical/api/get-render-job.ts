// GET vertical_video/render_jobs/:jobId: the state of a vertical render (queued by approve, create or
// update), followed by its live pushes until it completes or fails; polled slowly as a fallback.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobProgressEvent } from '@hc/shared/live/events';
import { QUEUES } from '@hc/shared/queues';
import { editorApi } from '../../../lib/api.ts';
import { jobPollMs, runningFrom, useJobProgress } from '../../../lib/job-progress.ts';
import { PUSH_FED } from '../../../lib/live.ts';

export type RenderJobState = 'queued' | 'active' | 'completed' | 'failed';

export interface RenderJob {
  state: RenderJobState;
  /** 0-100. */
  progress: number;
  /** The rendered MP4 once completed. */
  video_url: string | null;
  error: string | null;
}

/** The poll while the live channel is down (every 15 s while it is up). */
export const RENDER_JOB_POLL_MS = 1000;

export const isRenderFinished = (state: RenderJobState | undefined) =>
  state === 'completed' || state === 'failed';

export const getRenderJob = (jobId: string, signal?: AbortSignal): Promise<RenderJob> =>
  editorApi<RenderJob>(`vertical_video/render_jobs/${encodeURIComponent(jobId)}`, { signal });

export const renderJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['vertical', 'render-job', jobId] as const,
    queryFn: ({ signal }) => getRenderJob(jobId, signal),
    refetchInterval: (query) =>
      isRenderFinished(query.state.data?.state) ? false : jobPollMs(RENDER_JOB_POLL_MS),
    meta: PUSH_FED,
  });

/** A push carries all the render status shows: its end is written at once (the refetch confirms it). */
const applyRenderPush = (job: RenderJob, event: JobProgressEvent): RenderJob => {
  if (event.state === 'done') return { ...job, state: 'completed', progress: 100, video_url: event.link };
  if (event.state === 'failed') return { ...job, state: 'failed', error: event.error };
  return runningFrom(job, event);
};

/** A render job's state, live until it is finished; idle while jobId is null. */
export function useRenderJob(jobId: string | null) {
  const options = renderJobQueryOptions(jobId ?? '');
  useJobProgress(QUEUES.verticalRender, jobId, options.queryKey, applyRenderPush);
  return useQuery({ ...options, enabled: jobId !== null });
}
