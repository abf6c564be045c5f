// The grid's local edits over the fetched rows: what each cell shows, its
// legend state and message, the submit checks and the submit body. Pure, so it is tested without a DOM.
import {
  gridColumnsOf,
  normalizeGridValue,
  type GridColumn,
  type GridData,
  type GridRow,
  type GridSubmitData,
  type GridValue,
} from '@hc/shared/api/ad-grid';
import {
  AB_TEST_REFUSAL,
  GRID_TABS,
  gridCellError,
  isGridCellMandatory,
  validateGridSubmit,
  type GridTab,
} from '@hc/shared/monetization/grid-rules';

/** Edited cells by row key, then field; null is an emptied cell. */
export type GridEdits = Record<string, Record<string, GridValue>>;

export type CellState = 'missing' | 'invalid' | 'edited' | 'overridden' | 'plain';

const isEmpty = (v: GridValue | undefined) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const same = (a: GridValue | undefined, b: GridValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A row's cells with its edits applied. */
export function shownValues(row: GridRow, edits: GridEdits): Record<string, GridValue> {
  return { ...row.values, ...edits[row.key] };
}

/**
 * Sets one cell from what was typed (or toggled): normalised as the column stores it; a value equal to
 * the fetched one drops the edit, so a cell typed back to its value is no longer green.
 */
export function editCell(edits: GridEdits, row: GridRow, column: GridColumn, input: unknown): GridEdits {
  const value = normalizeGridValue(column.kind, input);
  const rowEdits = { ...edits[row.key] };
  if (same(value, row.values[column.field])) delete rowEdits[column.field];
  else rowEdits[column.field] = value;
  const next = { ...edits };
  if (Object.keys(rowEdits).length === 0) delete next[row.key];
  else next[row.key] = rowEdits;
  return next;
}

/**
 * A cell's message: the grid rule's, for an edited or fetched value that breaks it. An edited cell of
 * a placement with a monetization A/B test carries the config page's refusal: the server refuses it too.
 */
export function cellMessage(
  field: string,
  values: Record<string, GridValue>,
  refused?: { row: GridRow; edits: GridEdits },
): string | null {
  if (refused?.row.abTest && refused.edits[refused.row.key] && field in refused.edits[refused.row.key]!)
    return AB_TEST_REFUSAL;
  // A display skip delay counts only while skip is enabled (its default 0 is below the bound).
  if (field === 'skipDelay' && values.skipEnabled !== true) return null;
  return gridCellError(field, values[field]);
}

/**
 * The legend, one entry per cell state that is marked (a plain cell has none). Typed over the states, so a
 * new state cannot be shown without its legend entry.
 */
export const CELL_LEGEND: Record<Exclude<CellState, 'plain'>, string> = {
  missing: 'Mandatory',
  invalid: 'Invalid',
  overridden: 'Overridden',
  edited: 'Edited',
};

/** The legend state of a cell: empty mandatory (red) over invalid, edited (green), overridden (blue). */
export function cellState(tab: GridTab, row: GridRow, field: string, edits: GridEdits): CellState {
  const values = shownValues(row, edits);
  if (isGridCellMandatory(tab, field, values) && isEmpty(values[field])) return 'missing';
  if (cellMessage(field, values, { row, edits })) return 'invalid';
  if (edits[row.key] && field in edits[row.key]!) return 'edited';
  if (row.overridden.includes(field)) return 'overridden';
  return 'plain';
}

/** Mandatory cells first ('Mandatory fields are missing!'), then the first invalid cell's message. */
export function submitProblem(data: GridData, edits: GridEdits): string | null {
  const rows = Object.fromEntries(GRID_TABS.map((tab) => [tab, data[tab].map((r) => shownValues(r, edits))]));
  const missing = validateGridSubmit(rows);
  if (missing) return missing;
  for (const tab of GRID_TABS) {
    for (const row of data[tab]) {
      if (!edits[row.key]) continue;
      const values = shownValues(row, edits);
      for (const column of gridColumnsOf(tab)) {
        const message = cellMessage(column.field, values, { row, edits });
        if (message) return message;
      }
    }
  }
  return null;
}

/** The submit body's data: only edited rows, only their edited cells. */
export function submitData(data: GridData, edits: GridEdits): GridSubmitData {
  const out: GridSubmitData = { publisher: [], placement: [], display: [], displayPlacement: [] };
  for (const tab of GRID_TABS) {
    for (const row of data[tab]) {
      const changes = edits[row.key];
      // The version read with the row: the server refuses the edit if someone saved the row since.
      if (changes) out[tab].push({ key: row.key, changes, version: row.version });
    }
  }
  return out;
}

export const editedCount = (edits: GridEdits): number =>
  Object.values(edits).reduce((n, row) => n + Object.keys(row).length, 0);
