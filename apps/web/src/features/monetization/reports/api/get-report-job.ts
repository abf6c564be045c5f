// GET bulk-update/jobs/{job_id}: a report job's state, progress, link (fill) and row errors (update),
// polled until it finishes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@hc/shared/api/reports';
import { editorApi } from '../../../../lib/api.ts';

export const REPORT_JOB_POLL_MS = 500;

export const isReportFinished = (status: ReportStatus | undefined) =>
  status?.state === 'completed' || status?.state === 'failed';

export const getReportJob = (jobId: string, signal?: AbortSignal): Promise<ReportStatus> =>
  editorApi<ReportStatus>(`bulk-update/jobs/${encodeURIComponent(jobId)}`, { signal });

export const reportJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['reports', 'job', jobId] as const,
    queryFn: ({ signal }) => getReportJob(jobId, signal),
    refetchInterval: (query) => (isReportFinished(query.state.data) ? false : REPORT_JOB_POLL_MS),
  });

/** Idle while jobId is null. */
export const useReportJob = (jobId: string | null) =>
  useQuery({ ...reportJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
