// The job center's calls: GET jobs (keyset pages), POST jobs/:id/retry and jobs/:id/cancel.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobEntry, JobKind, JobList, JobState } from '@hc/shared/api/job-center';
import { editorApi } from '../../lib/api.ts';

export interface JobFilters {
  kind?: JobKind | undefined;
  state?: JobState | undefined;
  user_id?: number | undefined;
}

export const JOBS_PAGE_SIZE = 25;
export const jobsQueryRoot = ['job-center', 'jobs'] as const;

export const jobsQueryOptions = (filters: JobFilters) =>
  infiniteQueryOptions({
    queryKey: [...jobsQueryRoot, filters],
    queryFn: ({ pageParam, signal }) =>
      editorApi<JobList>('jobs', {
        query: { ...filters, limit: JOBS_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useJobs = (filters: JobFilters) => useInfiniteQuery(jobsQueryOptions(filters));

/** A job's latest row by its queue and BullMQ id (for the toast that tells its end). */
export const findJob = async (queue: string, jobId: string): Promise<JobEntry | undefined> => {
  const list = await editorApi<JobList>('jobs', { query: { kind: queue, limit: 25 } });
  return list.jobs.find((job) => job.job_id === jobId);
};

/** Retry or cancel; the list is asked again either way (the row's new state, or a retry's new row). */
export function useJobAction(action: 'retry' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => editorApi<JobEntry>(`jobs/${id}/${action}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryRoot }),
  });
}
