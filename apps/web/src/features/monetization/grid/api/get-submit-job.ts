// GET monetization_setup/submit/{job_id}: a grid submit's job, polled until it completes or fails.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GridSubmitStatus, JobState } from '@hc/shared/api/ad-grid';
import { editorApi } from '../../../../lib/api.ts';

export const SUBMIT_JOB_POLL_MS = 500;

export const isJobFinished = (state: JobState | undefined) => state === 'completed' || state === 'failed';

export const getSubmitJob = (jobId: string, signal?: AbortSignal): Promise<GridSubmitStatus> =>
  editorApi<GridSubmitStatus>(`monetization_setup/submit/${encodeURIComponent(jobId)}`, { signal });

export const submitJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['ad-grid', 'submit-job', jobId] as const,
    queryFn: ({ signal }) => getSubmitJob(jobId, signal),
    refetchInterval: (query) => (isJobFinished(query.state.data?.state) ? false : SUBMIT_JOB_POLL_MS),
  });

/** Idle while jobId is null. */
export const useSubmitJob = (jobId: string | null) =>
  useQuery({ ...submitJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
