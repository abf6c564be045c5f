// The job center's rows as a caller may see them: their own in the publisher they act for, or every row
// for an admin.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { ConsoleJobState } from '@hc/db/schema/jobs';
import type { JobListQuery } from '@hc/shared/api/job-center';
import type { AuthContext } from '../auth/sessions.ts';
import type { JobRow } from './presenter.ts';

const jobs = schema.consoleJobs;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const visibleTo = (caller: AuthContext) =>
  caller.isAdmin ? undefined : and(eq(jobs.userId, caller.userId), eq(jobs.publisherId, caller.publisherId));

export class JobCenterRepository {
  constructor(private readonly db: Db) {}

  async visibleRow(caller: AuthContext, id: number): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), visibleTo(caller)));
    return row;
  }

  /** The id of the newest row of a queue's job: a retry writes a new row, so older rows are history. */
  async latestStartId(queue: string, jobId: string): Promise<number | undefined> {
    const [latest] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.queue, queue), eq(jobs.jobId, jobId)))
      .orderBy(desc(jobs.id))
      .limit(1);
    return latest?.id;
  }

  /** Newest first, one row more than asked so the caller knows whether a next page exists. */
  list(caller: AuthContext, query: JobListQuery): Promise<JobRow[]> {
    const { cursor, limit, kind, state, user_id: userId } = query;
    return this.db
      .select()
      .from(jobs)
      .where(
        and(
          visibleTo(caller),
          cursor === undefined ? undefined : lt(jobs.id, cursor),
          kind === undefined ? undefined : eq(jobs.queue, kind),
          state === undefined ? undefined : eq(jobs.state, state),
          userId === undefined ? undefined : eq(jobs.userId, userId),
        ),
      )
      .orderBy(desc(jobs.id))
      .limit(limit + 1);
  }

  /** Ends a report request that is still pending, failed with `reason` (inside the caller's transaction). */
  async failPendingReport(tx: Tx, requestId: number, reason: string) {
    await tx
      .update(schema.spreadsheets)
      .set({ status: 'failed', errors: [reason], updatedAt: new Date() })
      .where(and(eq(schema.spreadsheets.id, requestId), eq(schema.spreadsheets.status, 'pending')));
  }

  /** Removes a start whose job could not be queued again. */
  async remove(id: number) {
    await this.db.delete(jobs).where(eq(jobs.id, id));
  }

  async markCancelled(id: number, reason: string) {
    const cancelled: ConsoleJobState = 'cancelled';
    await this.db
      .update(jobs)
      .set({ state: cancelled, error: reason, finishedAt: sql`now()` })
      .where(eq(jobs.id, id));
  }
}
