// Report requests and populated workbooks as the report calls answer them.
import type { PopulatedWorkbook, ReportStatus } from '@hc/shared/api/reports';
import { messages } from '@hc/shared/messages';
import type { ReportRequest } from './repo.ts';

/** What BullMQ says of a job whose request row has not ended yet. */
interface QueuedJob {
  /** The fill's download link once done; null otherwise. */
  link: string | null;
  /** BullMQ's state of the job ('unknown' when not asked or not found). */
  state: string;
  progress: number;
  /** Rows written (fill) or records changed (update), as the job's result says. */
  count: number;
}

/**
 * A report job's status: the request row decides once it ended (the job writes it with its work);
 * until then BullMQ's state and progress, and a job BullMQ failed for good reads failed.
 */
export function presentStatus(kind: 'fill' | 'update', row: ReportRequest, job: QueuedJob): ReportStatus {
  const outcome = {
    applied: row.outcome?.applied ?? [],
    not_applied: row.outcome?.notApplied ?? [],
  };
  const none = { applied: [], not_applied: [] };
  if (row.status === 'done')
    return {
      kind,
      state: 'completed',
      progress: 100,
      link: job.link,
      errors: row.errors,
      changed: job.count,
      ...outcome,
    };
  if (row.status === 'failed')
    return { kind, state: 'failed', progress: 100, link: null, errors: row.errors, changed: 0, ...outcome };
  if (job.state === 'failed')
    return {
      kind,
      state: 'failed',
      progress: job.progress,
      link: null,
      errors: [messages.somethingWentWrong],
      changed: 0,
      ...none,
    };
  return {
    kind,
    state: job.state === 'active' ? 'active' : 'queued',
    progress: job.progress,
    link: null,
    errors: [],
    changed: 0,
    ...none,
  };
}

/** A populated workbook in the history list. */
export const presentPopulated = (r: {
  id: number;
  externalId: string;
  createdAt: Date;
  publishers: string[];
  size: number;
}): PopulatedWorkbook => ({
  id: r.id,
  external_id: r.externalId,
  created_at: r.createdAt.toISOString(),
  publishers: r.publishers,
  size: r.size,
});
