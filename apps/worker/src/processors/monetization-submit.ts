// monetization-submit: applies one grid submit (grid_submissions row of a session id) all or nothing.
// The row is locked, applied and marked done (or failed with every problem found) in one transaction:
// a retried or repeated job finds it no longer pending and applies nothing again.
import { UnrecoverableError, type Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { gridSubmitDataSchema } from '@hc/shared/api/ad-grid';
import type { MonetizationSubmitJob, MonetizationSubmitResult } from '@hc/shared/job-contracts';
import { applyGridChanges } from '@hc/monetization/grid';

const { gridSubmissions } = schema;

export function monetizationSubmitProcessor(deps: { db: Db }) {
  return async (job: Job<MonetizationSubmitJob>): Promise<MonetizationSubmitResult> =>
    deps.db.transaction(async (tx) => {
      const [submission] = await tx
        .select()
        .from(gridSubmissions)
        .where(eq(gridSubmissions.sessionId, job.data.sessionId))
        .for('update');
      if (!submission) throw new UnrecoverableError('No grid submit for this session id');
      if (submission.status !== 'pending')
        return { status: submission.status, errors: submission.errors } as MonetizationSubmitResult;
      const data = gridSubmitDataSchema.parse(submission.data);
      const result = await applyGridChanges(
        tx,
        data,
        { userId: submission.userId, email: submission.email },
        {
          atomicity: 'all',
          onProgress: (done, total) => job.updateProgress(Math.round((done / Math.max(total, 1)) * 99)),
        },
      );
      const status = result.errors.length > 0 ? 'failed' : 'done';
      await tx
        .update(gridSubmissions)
        .set({ status, errors: result.errors, appliedAt: status === 'done' ? new Date() : null })
        .where(eq(gridSubmissions.sessionId, submission.sessionId));
      return { status, errors: result.errors };
    });
}
