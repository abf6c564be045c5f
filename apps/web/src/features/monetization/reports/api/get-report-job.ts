// GET bulk-update/jobs/{job_id}: a report job's state, progress, link (fill) and row errors (update),
// followed by its live pushes until it finishes (then fetched once more for the link, errors and
// count); polled slowly as a fallback.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@hc/shared/api/reports';
import { QUEUES } from '@hc/shared/queues';
import { editorApi } from '../../../../lib/api.ts';
import { jobPollMs, runningFrom, useJobProgress } from '../../../../lib/job-progress.ts';
import { PUSH_FED } from '../../../../lib/live.ts';

/** The poll while the live channel is down (every 15 s while it is up). */
export const REPORT_JOB_POLL_MS = 500;

export const isReportFinished = (status: ReportStatus | undefined) =>
  status?.state === 'completed' || status?.state === 'failed';

export const getReportJob = (jobId: string, signal?: AbortSignal): Promise<ReportStatus> =>
  editorApi<ReportStatus>(`bulk-update/jobs/${encodeURIComponent(jobId)}`, { signal });

export const reportJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['reports', 'job', jobId] as const,
    queryFn: ({ signal }) => getReportJob(jobId, signal),
    refetchInterval: (query) => (isReportFinished(query.state.data) ? false : jobPollMs(REPORT_JOB_POLL_MS)),
    meta: PUSH_FED,
  });

/** Idle while jobId is null. */
export function useReportJob(jobId: string | null) {
  const options = reportJobQueryOptions(jobId ?? '');
  // Fill and update jobs are told apart by their ids (report-fill-…, report-update-…).
  const queue = jobId?.startsWith('report-update-') ? QUEUES.reportUpdate : QUEUES.reportFill;
  useJobProgress(queue, jobId, options.queryKey, runningFrom<ReportStatus>);
  return useQuery({ ...options, enabled: jobId !== null });
}
