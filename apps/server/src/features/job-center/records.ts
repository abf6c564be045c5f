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
 * Records that `caller` started the job. Called after the job is queued: a job that could not be queued
 * (503) leaves no row. A failure to record never undoes the job; it is logged by the caller's error path.
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
