// Jobs started from the console report over the live channel: the worker pushes
// job_progress (started, progress, done with its link, failed with its first error) to the room of the
// user who started the job. A screen showing a job keeps its status query, writes each push about that
// job into the query's cache, and refetches the status once the job ends (for what a push does not
// carry: every error, counts). The status call stays as the first answer and a slow fallback poll:
// every 15 s while the channel is up, the screen's own interval while it is down. A reconnect refetches
// every query (lib/live.ts), so an end missed while away is caught at once.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { JobProgressEvent } from '@hc/shared/live/events';
import type { QueueName } from '@hc/shared/queues';
import { askAgain } from './ask-again.ts';
import { liveStatus, useLiveEvent } from './live.ts';

export const JOB_FALLBACK_POLL_MS = 15_000;

/** The poll interval of an unfinished job: slow while pushes arrive, `offlineMs` while they cannot. */
export const jobPollMs = (offlineMs: number) =>
  liveStatus() === 'connected' ? JOB_FALLBACK_POLL_MS : offlineMs;

/**
 * Writes the pushes about one job (none while jobId is null) into its status query: `apply` maps a push
 * onto the cached status (undefined while the first answer is pending leaves it so).
 */
export function useJobProgress<T>(
  queue: QueueName,
  jobId: string | null,
  queryKey: QueryKey,
  apply: (status: T, event: JobProgressEvent) => T,
): void {
  const queryClient = useQueryClient();
  useLiveEvent('job_progress', (event) => {
    if (jobId === null || event.queue !== queue || event.job_id !== jobId) return;
    queryClient.setQueryData<T>(queryKey, (status) => (status === undefined ? status : apply(status, event)));
    // The end is asked again for what a push does not carry; a status call in flight may predate it.
    if (event.state === 'done' || event.state === 'failed')
      void askAgain(queryClient, { queryKey, exact: true });
  });
}

/**
 * The started and progress pushes as the status calls say them ('active' at the pushed progress); an
 * end is left to the refetch, for screens whose final status holds more than a push (every error).
 */
export function runningFrom<T extends { state: string; progress: number }>(
  status: T,
  event: JobProgressEvent,
): T {
  if (event.state !== 'started' && event.state !== 'progress') return status;
  return { ...status, state: 'active', progress: event.progress };
}
