// GET vertical_video/render_jobs/:jobId: the state of a vertical render (queued by approve, create or
// update), polled until it completes or fails.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';

export type RenderJobState = 'queued' | 'active' | 'completed' | 'failed';

export interface RenderJob {
  state: RenderJobState;
  /** 0-100. */
  progress: number;
  /** The rendered MP4 once completed. */
  video_url: string | null;
  error: string | null;
}

export const RENDER_JOB_POLL_MS = 1000;

export const isRenderFinished = (state: RenderJobState | undefined) =>
  state === 'completed' || state === 'failed';

export const getRenderJob = (jobId: string, signal?: AbortSignal): Promise<RenderJob> =>
  editorApi<RenderJob>(`vertical_video/render_jobs/${encodeURIComponent(jobId)}`, { signal });

export const renderJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['vertical', 'render-job', jobId] as const,
    queryFn: ({ signal }) => getRenderJob(jobId, signal),
    refetchInterval: (query) => (isRenderFinished(query.state.data?.state) ? false : RENDER_JOB_POLL_MS),
  });

/** A render job's state, polled every second until it is finished; idle while jobId is null. */
export const useRenderJob = (jobId: string | null) =>
  useQuery({ ...renderJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
