// GET vertical_video/render_jobs/:jobId: the state of a vertical render (queued by approve, create or
// update), followed by its live pushes until it completes or fails; polled slowly as a fallback.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobProgressEvent } from '@hc/shared/live/events';
import type { RenderJobStatus as RenderJob } from '@hc/shared/api/vertical';
import { QUEUES } from '@hc/shared/queues';
import { editorApi } from '../../../lib/api.ts';
import { jobPollMs, runningFrom, useJobProgress } from '../../../lib/job-progress.ts';
import { PUSH_FED } from '../../../lib/live.ts';

export type { RenderJobStatus as RenderJob } from '@hc/shared/api/vertical';
export type RenderJobState = RenderJob['state'];

/** The poll while the live channel is down (every 15 s while it is up). */
export const RENDER_JOB_POLL_MS = 1000;

/** Finished: the status says what the render came to (done, skipped or failed). */
export const isRenderFinished = (job: RenderJob | undefined) =>
  job !== undefined && job.outcome.kind !== 'queued' && job.outcome.kind !== 'running';

export const getRenderJob = (jobId: string, signal?: AbortSignal): Promise<RenderJob> =>
  editorApi<RenderJob>(`vertical_video/render_jobs/${encodeURIComponent(jobId)}`, { signal });

export const renderJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['vertical', 'render-job', jobId] as const,
    queryFn: ({ signal }) => getRenderJob(jobId, signal),
    refetchInterval: (query) => (isRenderFinished(query.state.data) ? false : jobPollMs(RENDER_JOB_POLL_MS)),
    meta: PUSH_FED,
  });

/**
 * A push moves the progress only: the end is what the status call says after checking the MP4 exists and
 * reading the job's result (a render may end by skipping); every end push is followed by that refetch.
 */
const applyRenderPush = (job: RenderJob, event: JobProgressEvent): RenderJob => {
  const next = runningFrom(job, event);
  return next === job ? job : { ...next, outcome: { kind: 'running', progress: next.progress } };
};

/** A render job's state, live until it is finished; idle while jobId is null. */
export function useRenderJob(jobId: string | null) {
  const options = renderJobQueryOptions(jobId ?? '');
  useJobProgress(QUEUES.verticalRender, jobId, options.queryKey, applyRenderPush);
  return useQuery({ ...options, enabled: jobId !== null });
}
