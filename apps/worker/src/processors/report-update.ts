// report-update: reads an edited report workbook, turns every row whose cells differ from the grid
// into row changes, and applies the valid rows (each checked with the grid rules, each changed record
// audited with the admin who asked) and the request's outcome in one transaction: a job killed midway
// wrote nothing, and a retried or repeated job finds the request done and applies nothing again.
import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { GridSubmitData } from '@hc/shared/api/ad-grid';
import { GRID_TAB_LABELS, GRID_TABS } from '@hc/shared/monetization/grid-rules';
import type { ReportJob } from '../queues.ts';
import { applyGridChanges, loadGridData, publishersOfKeys } from './monetization-grid.ts';
import { WORKBOOK_GONE, type ReportResult } from './report-fill.ts';
import { readReportWorkbook, reportCellOf } from './report-workbook.ts';

const { spreadsheets, workbooks, users } = schema;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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
      const finish = async (status: 'done' | 'failed', errors: string[], count: number) => {
        await tx
          .update(spreadsheets)
          .set({ status, errors, updatedAt: new Date() })
          .where(eq(spreadsheets.id, request.id));
        return { status, errors, count };
      };

      const [workbook] = await tx
        .select({ content: workbooks.content })
        .from(workbooks)
        .where(eq(workbooks.externalId, request.externalId));
      if (!workbook) return finish('failed', [WORKBOOK_GONE], 0);
      const rows = await readReportWorkbook(Buffer.from(workbook.content));
      await job.updateProgress(10);

      // Only cells that differ from what the workbook was filled with are changes: an unedited row changes nothing.
      const current = await loadGridData(
        tx,
        await publishersOfKeys(
          tx,
          rows.map((r) => r.key),
        ),
      );
      const data: GridSubmitData = { publisher: [], placement: [], display: [], displayPlacement: [] };
      const errors: string[] = [];
      const shownByKey = new Map(GRID_TABS.map((tab) => [tab, new Map(current[tab].map((r) => [r.key, r]))]));
      for (const row of rows) {
        const shown = shownByKey.get(row.tab)!.get(row.key);
        if (!shown) {
          errors.push(`${GRID_TAB_LABELS[row.tab]} row ${row.rowNumber}: ${row.key} is not a configuration.`);
          continue;
        }
        const changes = Object.fromEntries(
          Object.entries(row.cells).filter(([field, value]) => !same(value, reportCellOf(shown, field))),
        );
        if (Object.keys(changes).length > 0)
          data[row.tab].push({ key: row.key, changes, ...(row.version ? { version: row.version } : {}) });
      }

      const [actor] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, job.data.userId));
      if (!actor) throw new UnrecoverableError('The requesting user no longer exists');
      const result = await applyGridChanges(
        tx,
        data,
        { userId: actor.id, email: actor.email },
        {
          atomicity: 'rows',
          onProgress: async (done, total) => {
            if (deps.delayPerRowMs) await sleep(deps.delayPerRowMs);
            await job.updateProgress(10 + Math.round((done / Math.max(total, 1)) * 89));
          },
        },
      );
      return finish('done', [...errors, ...result.errors], result.changed);
    });
}
