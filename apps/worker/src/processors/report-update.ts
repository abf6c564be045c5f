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
import { formatGridSizes, gridColumnsOf, type GridSubmitData, type GridValue } from '@hc/shared/api/ad-grid';
import type { ReportPreviewRow } from '@hc/shared/api/reports';
import { GRID_TAB_LABELS, GRID_TABS } from '@hc/shared/monetization/grid-rules';
import { messages } from '@hc/shared/messages';
import type { ReportJob } from '../queues.ts';
import {
  applyGridChanges,
  loadGridData,
  publishersOfKeys,
  type RowOutcome,
  type Tx,
} from './monetization-grid.ts';
import { WORKBOOK_GONE, type ReportResult } from './report-fill.ts';
import { readReportWorkbook, reportCellOf, UnreadableWorkbook } from './report-workbook.ts';

const { spreadsheets, workbooks, users } = schema;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A cell as the workbook shows it: sizes as '300x250, 320x50', empty as ''. */
const shownValue = (value: GridValue | undefined): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return formatGridSizes(value);
  return String(value);
};

export interface WorkbookPlan {
  /** The changes to apply, each row with the version it is checked against. */
  data: GridSubmitData;
  /** Workbook rows that name no configuration. */
  errors: string[];
  /** Each changed row with its cells' current and workbook values, for the preview. */
  rows: Omit<ReportPreviewRow, 'status' | 'reasons' | 'label'>[];
}

/**
 * What a workbook would change: only cells that differ from what the grid shows now are changes (an
 * unedited row changes nothing). A row carries the version the workbook was populated with; a row of a
 * workbook made before versions carries the version read now (`pinVersions`), so a confirm after a
 * later save is refused for it too.
 */
export async function planWorkbookUpdate(
  tx: Tx | Db,
  content: Buffer,
  { pinVersions }: { pinVersions: boolean },
): Promise<WorkbookPlan> {
  const rows = await readReportWorkbook(content);
  const current = await loadGridData(
    tx,
    await publishersOfKeys(
      tx,
      rows.map((r) => r.key),
    ),
  );
  const plan: WorkbookPlan = {
    data: { publisher: [], placement: [], display: [], displayPlacement: [] },
    errors: [],
    rows: [],
  };
  const shownByKey = new Map(GRID_TABS.map((tab) => [tab, new Map(current[tab].map((r) => [r.key, r]))]));
  for (const row of rows) {
    const shown = shownByKey.get(row.tab)!.get(row.key);
    if (!shown) {
      plan.errors.push(
        `${GRID_TAB_LABELS[row.tab]} row ${row.rowNumber}: ${row.key} is not a configuration.`,
      );
      continue;
    }
    const changes = Object.fromEntries(
      Object.entries(row.cells).filter(([field, value]) => !same(value, reportCellOf(shown, field))),
    );
    if (Object.keys(changes).length === 0) continue;
    const version = row.version ?? (pinVersions ? shown.version : undefined);
    plan.data[row.tab].push({ key: row.key, changes, ...(version ? { version } : {}) });
    const columns = gridColumnsOf(row.tab);
    plan.rows.push({
      key: row.key,
      tab: row.tab,
      publisher: shown.publisherName,
      placement: shown.placementName,
      platform: shown.platform,
      fields: Object.entries(changes).map(([field, value]) => ({
        field,
        label: columns.find((c) => c.field === field)?.label ?? field,
        current: shownValue(reportCellOf(shown, field)),
        next: shownValue(value),
        error: null,
      })),
    });
  }
  return plan;
}

/** The preview rows of a plan checked by a dry run: each row's status and each refused cell's message. */
export function previewRowsOf(plan: WorkbookPlan, outcomes: RowOutcome[]): ReportPreviewRow[] {
  const byKey = new Map(outcomes.map((o) => [o.key, o]));
  return plan.rows.map((row) => {
    const outcome = byKey.get(row.key);
    const status =
      outcome?.status === 'conflict' ? 'conflict' : outcome?.status === 'refused' ? 'refused' : 'change';
    // A conflict's message starts with the row's label, which the preview shows in its own columns.
    const reasons = (outcome && status !== 'change' ? outcome.reasons : []).map((r) =>
      outcome && r.startsWith(`${outcome.label}: `) ? r.slice(outcome.label.length + 2) : r,
    );
    // The grid words a bad cell 'Label: message'; that message goes on the cell, the rest stays on the row.
    const fields = row.fields.map((f) => {
      const reason = reasons.find((r) => r.startsWith(`${f.label}: `));
      return { ...f, error: reason ? reason.slice(f.label.length + 2) : null };
    });
    const rowReasons = reasons.filter((r) => !fields.some((f) => r === `${f.label}: ${f.error}`));
    return { ...row, label: outcome?.label ?? row.key, status, reasons: rowReasons, fields };
  });
}

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
