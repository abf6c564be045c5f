// What a job (a vertical render, a story-highlights ZIP) really came to, as every status call and every
// screen showing a job says it. Only these five: a job's end is never guessed from BullMQ's 'completed'
// alone (a processor may complete by skipping, and a file may be gone), and a failure always says why.
import { z } from 'zod';
import { jobMessages } from './messages.ts';

export const JOB_OUTCOME_KINDS = ['queued', 'running', 'done', 'skipped', 'failed'] as const;
export type JobOutcomeKind = (typeof JOB_OUTCOME_KINDS)[number];

const reason = z.string().min(1).max(500);

export const jobOutcomeSchema = z.discriminatedUnion('kind', [
  /** Waiting for a worker (BullMQ waiting, delayed, prioritized, ...). */
  z.object({ kind: z.literal('queued') }),
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

/** A failure's message as shown: the job's own, shortened, or a plain one when it has none. */
export const failureMessage = (error: string | null | undefined): string => {
  const text = (error ?? '').trim();
  return text ? text.slice(0, 500) : jobMessages.failedWithoutReason;
};
