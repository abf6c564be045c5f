// What an edited report workbook would change: each row whose cells differ from the grid becomes a row
// change carrying the version it is checked against, and a dry run's outcomes become the preview rows an
// admin confirms. Shared by the server (the preview) and the worker (the update job).
import type { Db } from '@hc/db/client';
import { formatGridSizes, gridColumnsOf, type GridSubmitData, type GridValue } from '@hc/shared/api/ad-grid';
import type { ReportPreviewRow } from '@hc/shared/api/reports';
import { GRID_TAB_LABELS, GRID_TABS } from '@hc/shared/monetization/grid-rules';
import { loadGridData, publishersOfKeys, type RowOutcome, type Tx } from './grid.ts';
import { readReportWorkbook, reportCellOf } from './workbook.ts';

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
