// A job center row as the screen shows it, with whether its kind and state allow a retry or a cancel.
import type { schema } from '@hc/db/schema';
import {
  CANCELLABLE_JOB_KINDS,
  RETRYABLE_JOB_KINDS,
  type JobEntry,
  type JobKind,
} from '@hc/shared/api/job-center';

export type JobRow = typeof schema.consoleJobs.$inferSelect;

export const presentJob = (row: JobRow): JobEntry => ({
  id: row.id,
  kind: row.queue,
  job_id: row.jobId,
  label: row.label,
  subject_path: row.subjectPath,
  user_id: row.userId,
  user_email: row.userEmail,
  publisher_id: row.publisherId,
  state: row.state,
  progress: row.progress,
  link: row.link,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  started_at: row.startedAt?.toISOString() ?? null,
  finished_at: row.finishedAt?.toISOString() ?? null,
  can_retry: row.state === 'failed' && RETRYABLE_JOB_KINDS.includes(row.queue as JobKind),
  can_cancel: row.state === 'queued' && CANCELLABLE_JOB_KINDS.includes(row.queue as JobKind),
});
