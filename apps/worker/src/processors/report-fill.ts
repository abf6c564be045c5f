// report-fill: writes the chosen publishers' video and display configurations into a workbook (the
// spreadsheets row of the request names the workbook and the publishers). The workbook's new content
// and the row marked done are written in one transaction: a retried job finds it done and stops.
import { UnrecoverableError, type Job } from 'bullmq';
import { and, desc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { ReportJob, ReportResult } from '@hc/shared/job-contracts';
import { loadGridData } from '@hc/monetization/grid';
import { writeReportWorkbook } from '@hc/monetization/workbook';

import { POPULATED_WORKBOOKS_DAYS, POPULATED_WORKBOOKS_KEPT } from '@hc/shared/api/reports';

const { spreadsheets, workbooks, populatedWorkbooks, users } = schema;

/** The answer when a request's workbook was deleted meanwhile. */
export const WORKBOOK_GONE = 'This spreadsheet no longer exists.';

export function reportFillProcessor(deps: { db: Db }) {
  return async (job: Job<ReportJob>): Promise<ReportResult> =>
    deps.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(spreadsheets)
        .where(eq(spreadsheets.id, job.data.requestId))
        .for('update');
      if (!request || request.kind !== 'fill') throw new UnrecoverableError('No fill request with this id');
      if (request.status === 'done' || request.status === 'failed')
        return { status: request.status, errors: request.errors, count: 0 };
      await job.updateProgress(10);
      const grid = await loadGridData(tx, request.publisherIds);
      await job.updateProgress(40);
      const content = await writeReportWorkbook(grid);
      await job.updateProgress(80);
      const written = await tx
        .update(workbooks)
        .set({ content, version: sql`${workbooks.version} + 1`, updatedAt: new Date() })
        .where(eq(workbooks.externalId, request.externalId))
        .returning({ id: workbooks.id });
      const status = written.length > 0 ? 'done' : 'failed';
      if (status === 'done') await keepPopulated(tx, job.data.userId, request, content);
      const errors = status === 'done' ? [] : [WORKBOOK_GONE];
      await tx
        .update(spreadsheets)
        .set({ status, errors, updatedAt: new Date() })
        .where(eq(spreadsheets.id, request.id));
      const count = grid.publisher.length + grid.placement.length + grid.display.length;
      return { status, errors, count: count + grid.displayPlacement.length };
    });
}

/**
 * Keeps the populated workbook for its admin to download again by date, and drops that admin's copies
 * beyond the newest ones kept or older than the days kept: the history stays bounded per admin.
 */
async function keepPopulated(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: number,
  request: { externalId: string; publisherIds: number[] },
  content: Buffer,
) {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!owner) return;
  await tx.insert(populatedWorkbooks).values({
    externalId: request.externalId,
    publisherIds: request.publisherIds,
    content,
    createdBy: owner.id,
  });
  const kept = tx
    .select({ id: populatedWorkbooks.id })
    .from(populatedWorkbooks)
    .where(eq(populatedWorkbooks.createdBy, owner.id))
    .orderBy(desc(populatedWorkbooks.createdAt), desc(populatedWorkbooks.id))
    .limit(POPULATED_WORKBOOKS_KEPT);
  const oldest = new Date(Date.now() - POPULATED_WORKBOOKS_DAYS * 24 * 60 * 60 * 1000);
  await tx
    .delete(populatedWorkbooks)
    .where(
      and(
        eq(populatedWorkbooks.createdBy, owner.id),
        or(lt(populatedWorkbooks.createdAt, oldest), notInArray(populatedWorkbooks.id, kept)),
      ),
    );
}
