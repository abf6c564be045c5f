// report-update: reads an edited report workbook, turns every row whose cells differ from the grid
// into row changes, and applies them (each checked with the grid rules, each changed record audited
// with the admin who asked) and the request's outcome in one transaction: a job killed midway wrote
// nothing, and a retried or repeated job finds the request done and applies nothing again.
// A previewed request carries its changes (the plan the admin saw): those are applied as they were
// shown, never the workbook read again, and their versions refuse rows changed since.
import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { SpreadsheetOutcome } from '@hc/db/schema/monetization';
import { type GridSubmitData } from '@hc/shared/api/ad-grid';
import { messages } from '@hc/shared/messages';
import { type ReportJob, type ReportResult } from '@hc/shared/job-contracts';
import { applyGridChanges, type RowOutcome } from '@hc/monetization/grid';
import { WORKBOOK_GONE } from './report-fill.ts';
import { planWorkbookUpdate, type WorkbookPlan } from '@hc/monetization/workbook-plan';
import { UnreadableWorkbook } from '@hc/monetization/workbook';

const { spreadsheets, workbooks, users } = schema;

const outcomeOf = (outcomes: RowOutcome[], unknownRows: string[]): SpreadsheetOutcome => ({
  applied: outcomes
    .filter((o) => o.status === 'applied')
    .map((o) => ({ key: o.key, label: o.label, fields: o.fields })),
  notApplied: [
    ...outcomes
      .filter((o) => o.status === 'conflict' || o.status === 'refused' || o.status === 'held')
      .map((o) => ({
        key: o.key,
        label: o.label,
        // A conflict's message starts with the row's label; the outcome names the row already.
        reason: o.reasons
          .map((r) => (r.startsWith(`${o.label}: `) ? r.slice(o.label.length + 2) : r))
          .join('; '),
      })),
    // 'Video Publisher row 7: publisher:9 is not a configuration.' as a label and its reason.
    ...unknownRows.map((error) => {
      const at = error.indexOf(': ');
      return { key: '', label: error.slice(0, at), reason: error.slice(at + 2) };
    }),
  ],
});

export function reportUpdateProcessor(deps: { db: Db; delayPerRowMs?: number | undefined }) {
  return async (job: Job<ReportJob>): Promise<ReportResult> =>
    deps.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(spreadsheets)
        .where(eq(spreadsheets.id, job.data.requestId))
        .for('update');
      if (!request || request.kind !== 'update')
        throw new UnrecoverableError('No update request with this id');
      if (request.status === 'done' || request.status === 'failed')
        return { status: request.status, errors: request.errors, count: 0 };
      const finish = async (
        status: 'done' | 'failed',
        errors: string[],
        count: number,
        outcome: SpreadsheetOutcome | null,
      ) => {
        await tx
          .update(spreadsheets)
          .set({ status, errors, outcome, updatedAt: new Date() })
          .where(eq(spreadsheets.id, request.id));
        return { status, errors, count };
      };

      let data: GridSubmitData;
      let errors: string[];
      if (request.plan) {
        // Confirmed from a preview: exactly what the admin saw.
        ({ data, errors } = request.plan as Pick<WorkbookPlan, 'data' | 'errors'>);
      } else {
        const [workbook] = await tx
          .select({ content: workbooks.content })
          .from(workbooks)
          .where(eq(workbooks.externalId, request.externalId));
        if (!workbook) return finish('failed', [WORKBOOK_GONE], 0, null);
        try {
          ({ data, errors } = await planWorkbookUpdate(tx, Buffer.from(workbook.content), {
            pinVersions: false,
          }));
        } catch (error) {
          // A file no reader opens fails its request with why; retrying would not open it either.
          if (error instanceof UnreadableWorkbook) return finish('failed', [error.message], 0, null);
          throw error;
        }
      }
      await job.updateProgress(10);

      const [actor] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, job.data.userId));
      if (!actor) throw new UnrecoverableError('The requesting user no longer exists');
      // A confirmed preview writes all or nothing unless the admin chose to apply the rest (a row naming
      // no configuration holds the batch back too); an update sent without a preview (the editor API's
      // callers) keeps applying its valid rows.
      const allOrNothing = request.plan !== null && !request.applyRest;
      const heldByUnknownRows = allOrNothing && errors.length > 0;
      const result = await applyGridChanges(
        tx,
        data,
        { userId: actor.id, email: actor.email },
        {
          atomicity: allOrNothing ? 'all' : 'rows',
          applyRest: request.applyRest,
          dryRun: heldByUnknownRows,
          onProgress: async (done, total) => {
            if (deps.delayPerRowMs) await sleep(deps.delayPerRowMs);
            await job.updateProgress(10 + Math.round((done / Math.max(total, 1)) * 89));
          },
        },
      );
      const outcomes = heldByUnknownRows
        ? result.outcomes.map((o): RowOutcome =>
            o.status === 'applied'
              ? { ...o, status: 'held', reasons: [messages.reportBatchHeld], fields: [] }
              : o,
          )
        : result.outcomes;
      return finish(
        'done',
        [...errors, ...result.errors],
        heldByUnknownRows ? 0 : result.changed,
        outcomeOf(outcomes, errors),
      );
    });
}
