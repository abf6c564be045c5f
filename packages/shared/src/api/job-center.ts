// The job center's calls (editor base):
// - GET jobs?cursor&limit&kind&state&user_id -> {jobs, next_cursor}: the caller's own jobs in their
//   publisher, newest first; an admin sees everyone's and may filter by user.
// - POST jobs/:id/retry: queue a failed job again (kinds whose job can simply run again).
// - POST jobs/:id/cancel: remove a job that still waits for a worker (kinds whose waiting can be undone).
import { z } from 'zod';
import { QUEUES } from '../queues.ts';
import { idSchema } from './common.ts';

export const JOB_KINDS = [
  QUEUES.monetizationSubmit,
  QUEUES.reportFill,
  QUEUES.reportUpdate,
  QUEUES.storyHighlightsZip,
  QUEUES.verticalRender,
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Kinds whose failed job may simply run again: their processors apply once and check their request's
 * state first. A vertical render is not among them: its task moved back to review when it failed, and the
 * task's own Retry puts it back in the queue with the checks that go with it.
 */
export const RETRYABLE_JOB_KINDS: readonly JobKind[] = [
  QUEUES.monetizationSubmit,
  QUEUES.reportFill,
  QUEUES.reportUpdate,
  QUEUES.storyHighlightsZip,
];

/**
 * Kinds whose waiting job may be taken out of the queue: nothing else waits for an archive, and a report
 * request is marked failed with who cancelled it. A grid submit or a render leaves a screen waiting on it.
 */
export const CANCELLABLE_JOB_KINDS: readonly JobKind[] = [
  QUEUES.reportFill,
  QUEUES.reportUpdate,
  QUEUES.storyHighlightsZip,
];

export const JOB_LIST_LIMIT_MAX = 100;

export const jobListQuerySchema = z.object({
  /** The id of the last row of the previous page: the next page holds older jobs. */
  cursor: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(JOB_LIST_LIMIT_MAX).default(25),
  kind: z.enum(JOB_KINDS).optional(),
  state: z.enum(JOB_STATES).optional(),
  /** Admins only: one user's jobs. */
  user_id: idSchema.optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobEntrySchema = z.object({
  id: z.number(),
  kind: z.string(),
  job_id: z.string(),
  label: z.string(),
  subject_path: z.string().nullable(),
  user_id: z.number().nullable(),
  user_email: z.string(),
  publisher_id: z.number(),
  state: z.enum(JOB_STATES),
  progress: z.number(),
  link: z.string().nullable(),
  error: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  can_retry: z.boolean(),
  can_cancel: z.boolean(),
});
export type JobEntry = z.infer<typeof jobEntrySchema>;

export const jobListSchema = z.object({
  jobs: z.array(jobEntrySchema),
  next_cursor: z.number().nullable(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobParamsSchema = z.object({ id: idSchema });
