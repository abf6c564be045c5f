// What a job (a vertical render, a story-highlights ZIP) really came to, as every status call and every
// screen showing a job says it. Only these five: a job's end is never guessed from BullMQ's 'completed'
// alone (a processor may complete by skipping, and a file may be gone), and a failure always says why.
import { z } from 'zod';
import { jobMessages } from './messages.ts';

export const JOB_OUTCOME_KINDS = ['queued', 'running', 'done', 'skipped', 'failed'] as const;
export type JobOutcomeKind = (typeof JOB_OUTCOME_KINDS)[number];

const reason = z.string().min(1).max(500);

export const jobOutcomeSchema = z.discriminatedUnion('kind', [
  /**
   * Waiting for a worker (BullMQ waiting, delayed, prioritized, ...). `note` once it has waited longer
   * than QUEUED_TOO_LONG_MS: no worker may be running, and the user is told it still waits.
   */
  z.object({ kind: z.literal('queued'), note: reason.optional() }),
  /** A worker has it; after a killed worker BullMQ's stalled recovery gives it back here. */
  z.object({ kind: z.literal('running'), progress: z.number().min(0).max(100) }),
  /** Made its file, which exists on the media store as this is said. */
  z.object({ kind: z.literal('done'), url: z.string().min(1) }),
  /** Finished without making anything: why, and what happens next. */
  z.object({ kind: z.literal('skipped'), reason, next: reason }),
  /** Failed for good: never without a message. */
  z.object({ kind: z.literal('failed'), error: reason }),
]);
export type JobOutcome = z.infer<typeof jobOutcomeSchema>;

/** BullMQ's reason for a job whose workers died under it more often than maxStalledCount allows. */
export const BULLMQ_STALLED_REASON = 'job stalled more than allowable limit';

/**
 * A failure's message as shown: the job's own, shortened, or a plain one when it has none; BullMQ's
 * own wording of a job lost with its workers is said in the catalogue's words.
 */
export const failureMessage = (error: string | null | undefined): string => {
  const text = (error ?? '').trim();
  if (text === BULLMQ_STALLED_REASON) return jobMessages.workerStopped;
  return text ? text.slice(0, 500) : jobMessages.failedWithoutReason;
};

/**
 * How long a job may wait for a worker before its status says it is still waiting (a worker takes a job
 * within a second when one runs; a long wait means none is running or all are busy).
 */
export const QUEUED_TOO_LONG_MS = 60_000;

/** A queued job's outcome: with the still-waiting note once it has waited past the bound. */
export const queuedOutcome = (queuedAt: number | undefined, now = Date.now()): JobOutcome =>
  queuedAt !== undefined && now - queuedAt > QUEUED_TOO_LONG_MS
    ? { kind: 'queued', note: jobMessages.stillWaiting }
    : { kind: 'queued' };

const SKIPPED_PREFIX = jobMessages.renderSkippedTag('');
const LOST_PREFIX = jobMessages.renderLostTag('');

/**
 * The review list's tag of a task whose render ended without an MP4 (render_state 'failed'): its stored
 * error says whether it was skipped or lost (those are stored with their tag), else it failed.
 */
export function renderTagOf(task: {
  render_state: 'queued' | 'failed' | null;
  render_error: string | null;
}): { kind: 'failed' | 'skipped' | 'lost'; text: string } | null {
  if (task.render_state !== 'failed') return null;
  const error = failureMessage(task.render_error);
  if (error.startsWith(SKIPPED_PREFIX)) return { kind: 'skipped', text: error };
  if (error.startsWith(LOST_PREFIX)) return { kind: 'lost', text: error };
  return { kind: 'failed', text: jobMessages.renderFailedTag(error) };
}
