// The story highlights archive (the contract's calls): POST stamp/stories/{id}/highlights_zip starts
// (or finds, for the same story version) the BullMQ job and answers its id; GET
// stamp/stories/highlights_zip/{job_id} reports state, progress and, once done, the archive's URL. The
// job's live pushes update that status as it runs; the call itself is the first answer
// and a slow fallback poll.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobProgressEvent } from '@hc/shared/live/events';
import { QUEUES } from '@hc/shared/queues';
import { editorApi } from '../../../lib/api.ts';
import { jobPollMs, runningFrom, useJobProgress } from '../../../lib/job-progress.ts';
import type { HighlightsZipStatus } from './types.ts';
import { PUSH_FED } from '../../../lib/live.ts';

/** The poll while the live channel is down (every 15 s while it is up). */
export const HIGHLIGHTS_ZIP_POLL_MS = 1000;

/** The job's end as its status says it (an archive that exists, or a failure with its reason). */
export const isZipFailed = (status: HighlightsZipStatus | undefined) => status?.outcome.kind === 'failed';
const isZipFinished = (status: HighlightsZipStatus | undefined) =>
  status !== undefined && status.outcome.kind !== 'queued' && status.outcome.kind !== 'running';

export function startHighlightsZip(storyId: number): Promise<{ job_id: string }> {
  return editorApi<{ job_id: string }>(`stamp/stories/${storyId}/highlights_zip`, { method: 'POST' });
}

export function getHighlightsZip(jobId: string, signal?: AbortSignal): Promise<HighlightsZipStatus> {
  return editorApi<HighlightsZipStatus>(`stamp/stories/highlights_zip/${encodeURIComponent(jobId)}`, {
    signal,
  });
}

export const highlightsZipQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['stories', 'highlights-zip', jobId] as const,
    queryFn: ({ signal }) => getHighlightsZip(jobId, signal),
    refetchInterval: (query) => (isZipFinished(query.state.data) ? false : jobPollMs(HIGHLIGHTS_ZIP_POLL_MS)),
    meta: PUSH_FED,
  });

/**
 * A push moves the progress only: the end is what the status call says after checking the archive exists
 * (the refetch follows every end push), so a link is never shown on a push's word alone.
 */
const applyZipPush = (status: HighlightsZipStatus, event: JobProgressEvent): HighlightsZipStatus => {
  const next = runningFrom(status, event);
  return next === status ? status : { ...next, outcome: { kind: 'running', progress: next.progress } };
};

/** The archive job's status, live until it ends; idle while jobId is null. */
export function useHighlightsZip(jobId: string | null) {
  const options = highlightsZipQueryOptions(jobId ?? '');
  useJobProgress(QUEUES.storyHighlightsZip, jobId, options.queryKey, applyZipPush);
  return useQuery({ ...options, enabled: jobId !== null });
}
