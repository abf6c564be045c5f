// GET monetization_setup/submit/{job_id}: a grid submit's job, followed by its live pushes until it
// completes or fails (then fetched once more for every error); polled slowly as a fallback.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GridSubmitStatus, JobState } from '@hc/shared/api/ad-grid';
import { QUEUES } from '@hc/shared/queues';
import { editorApi } from '../../../../lib/api.ts';
import { jobPollMs, runningFrom, useJobProgress } from '../../../../lib/job-progress.ts';
import { PUSH_FED } from '../../../../lib/live.ts';

/** The poll while the live channel is down (every 15 s while it is up). */
export const SUBMIT_JOB_POLL_MS = 500;

export const isJobFinished = (state: JobState | undefined) => state === 'completed' || state === 'failed';

export const getSubmitJob = (jobId: string, signal?: AbortSignal): Promise<GridSubmitStatus> =>
  editorApi<GridSubmitStatus>(`monetization_setup/submit/${encodeURIComponent(jobId)}`, { signal });

export const submitJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['ad-grid', 'submit-job', jobId] as const,
    queryFn: ({ signal }) => getSubmitJob(jobId, signal),
    refetchInterval: (query) =>
      isJobFinished(query.state.data?.state) ? false : jobPollMs(SUBMIT_JOB_POLL_MS),
    meta: PUSH_FED,
  });

/** Idle while jobId is null. */
export function useSubmitJob(jobId: string | null) {
  const options = submitJobQueryOptions(jobId ?? '');
  useJobProgress(QUEUES.monetizationSubmit, jobId, options.queryKey, runningFrom<GridSubmitStatus>);
  return useQuery({ ...options, enabled: jobId !== null });
}
