// The job center's rows: written here as a screen's request enqueues a job, so the history names who
// started what, from which publisher. The worker keeps each row's state (apps/worker/src/live/job-progress.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { QueueName } from '@hc/shared/queues';
import type { AuthContext } from '../auth/sessions.ts';

export interface JobStart {
  queue: QueueName;
  jobId: string;
  label: string;
  subjectPath?: string | null;
}

/**
 * Records that `caller` started the job, and returns the row's id (null when the job is already waiting
 * or running: the same start). Written before the job is queued (see startRecordedJob): the worker
 * reports to the job's latest row.
 */
export async function recordJobStart(
  db: Db,
  caller: Pick<AuthContext, 'userId' | 'email' | 'publisherId'>,
  start: JobStart,
): Promise<number | null> {
  // Asking again for a job that is still waiting or running is the same start (BullMQ adds nothing).
  const [latest] = await db
    .select({ state: schema.consoleJobs.state })
    .from(schema.consoleJobs)
    .where(and(eq(schema.consoleJobs.queue, start.queue), eq(schema.consoleJobs.jobId, start.jobId)))
    .orderBy(desc(schema.consoleJobs.id))
    .limit(1);
  if (latest && (latest.state === 'queued' || latest.state === 'running')) return null;
  const [row] = await db
    .insert(schema.consoleJobs)
    .values({
      publisherId: caller.publisherId,
      userId: caller.userId,
      userEmail: caller.email,
      queue: start.queue,
      jobId: start.jobId,
      label: start.label.slice(0, 300),
      subjectPath: start.subjectPath ?? null,
    })
    .returning({ id: schema.consoleJobs.id });
  return row!.id;
}

/**
 * Writes the start's row, then queues the job with `enqueue`. The worker reports each state to the job's
 * latest row, so a job that ends within milliseconds of being queued must find its row already there (a
 * row written after it would say "queued" for ever). A job that could not be queued (503) takes its row
 * back, so nothing is shown that never ran.
 */
export async function startRecordedJob<T>(
  db: Db,
  caller: Pick<AuthContext, 'userId' | 'email' | 'publisherId'>,
  start: JobStart,
  enqueue: () => Promise<T>,
): Promise<T> {
  const rowId = await recordJobStart(db, caller, start);
  try {
    return await enqueue();
  } catch (error) {
    if (rowId !== null) await db.delete(schema.consoleJobs).where(eq(schema.consoleJobs.id, rowId));
    throw error;
  }
}
