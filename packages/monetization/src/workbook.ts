// The report workbook: one sheet per grid tab, a row per configuration with its key
// and the cells as the grid shows them. Written with exceljs's streaming writer (a fill of 20
// publishers never holds a second copy of every row), read back for report-update.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  formatGridSizes,
  gridColumnsOf,
  normalizeGridValue,
  type GridData,
  type GridRow,
  type GridValue,
} from '@hc/shared/api/ad-grid';
import { REPORT_ID_COLUMNS, REPORT_SHEETS, REPORT_VERSION_COLUMN } from '@hc/shared/api/reports';
import { WORKBOOK_MAX_ENTRIES, WORKBOOK_MAX_UNPACKED_BYTES } from '@hc/shared/resource-limits';
import type { GridTab } from '@hc/shared/monetization/grid-rules';
import { countZip } from './counted-zip.ts';

const cellOf = (value: GridValue | undefined): string | number | boolean | null => {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return formatGridSizes(value);
  return value;
};

/**
 * What a workbook cell holds: a placement row only its own (overridden) values, blank where it
 * inherits its publisher's, so an update never turns a stale inherited value into an override.
 */
export const reportCellOf = (row: GridRow, field: string): GridValue | undefined =>
  row.placementId !== null && !row.overridden.includes(field) ? null : row.values[field];

/** The XLSX bytes of a grid. */
export async function writeReportWorkbook(grid: GridData): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  for (const { tab, name } of REPORT_SHEETS) {
    const columns = gridColumnsOf(tab);
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
    sheet.columns = [
      { header: REPORT_ID_COLUMNS[0], width: 26 },
      { header: REPORT_ID_COLUMNS[1], width: 24 },
      { header: REPORT_ID_COLUMNS[2], width: 24 },
      { header: REPORT_ID_COLUMNS[3], width: 10 },
      ...columns.map((c) => ({ header: c.label, width: Math.max(12, c.label.length + 2) })),
      { header: REPORT_VERSION_COLUMN, width: 26, hidden: true },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const row of grid[tab]) {
      sheet
        .addRow([
          row.key,
          row.publisherName,
          row.placementName,
          row.platform,
          ...columns.map((c) => cellOf(reportCellOf(row, c.field))),
          row.version,
        ])
        .commit();
    }
    sheet.commit();
  }
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

export interface WorkbookRow {
  tab: GridTab;
  /** The sheet's row number, for messages. */
  rowNumber: number;
  key: string;
  /** Normalised cells of the columns the sheet has, by field. */
  cells: Record<string, GridValue>;
  /** The row's version when the workbook was populated (absent in workbooks made before versions). */
  version?: string;
}

/** An exceljs cell value as plain data (rich text joined, formulas by their result, dates as text). */
function plainValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return plainValue(value.result as ExcelJS.CellValue);
  if ('text' in value) return value.text;
  if ('error' in value) return value.error;
  return null;
}

/** A workbook neither exceljs reader can open: the caller's file, answered as such, never a crash. */
export class UnreadableWorkbook extends Error {
  constructor() {
    super('The file is not an XLSX workbook.');
  }
}

type SheetReader = ExcelJS.stream.xlsx.WorksheetReader & { name: string };
interface SheetRow {
  number: number;
  getCell(col: number): { value: ExcelJS.CellValue };
  eachCell(callback: (cell: { value: ExcelJS.CellValue }, col: number) => void): void;
}

/** Collects the rows of one sheet into `rows`; every row is consumed, ignored sheets too. */
async function readSheet(
  name: string,
  sheetRows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
  rows: WorkbookRow[],
) {
  const tab = REPORT_SHEETS.find((s) => s.name === name)?.tab;
  const columns = tab ? gridColumnsOf(tab) : [];
  const fieldAt = new Map<number, (typeof columns)[number]>();
  let keyAt = 0;
  let versionAt = 0;
  // Every sheet is read to its end, the ignored ones too: the ZIP is one stream.
  for await (const row of sheetRows) {
    if (!tab) continue;
    if (row.number === 1) {
      row.eachCell((cell, col) => {
        const header = String(plainValue(cell.value) ?? '').trim();
        if (header === REPORT_ID_COLUMNS[0]) keyAt = col;
        if (header === REPORT_VERSION_COLUMN) versionAt = col;
        const column = columns.find((c) => c.label === header || c.field === header);
        if (column) fieldAt.set(col, column);
      });
      continue;
    }
    if (keyAt === 0) continue;
    const key = String(plainValue(row.getCell(keyAt).value) ?? '').trim();
    if (key === '') continue;
    const cells: Record<string, GridValue> = {};
    for (const [col, column] of fieldAt)
      cells[column.field] = normalizeGridValue(column.kind, plainValue(row.getCell(col).value));
    const version = versionAt === 0 ? '' : String(plainValue(row.getCell(versionAt).value) ?? '').trim();
    rows.push({ tab, rowNumber: row.number, key, cells, ...(version ? { version } : {}) });
  }
}

/**
 * The rows of a report workbook: sheets named as the grid tabs, the first row naming the columns (by label or
 * field name). Unknown sheets and columns are ignored; a row without a key is skipped. Read with exceljs's
 * streaming reader, one row at a time: the whole-workbook model of a report over 1,000 publishers (18,000
 * rows) took more than the worker's 256 MB (the reports bench); only the rows' values are kept.
 */
export async function readReportWorkbook(content: Buffer): Promise<WorkbookRow[]> {
  // Counted first, as at upload: a stored workbook is read only once it is known to unpack within the limit.
  if (!(await countZip(content, WORKBOOK_ZIP_LIMITS))) throw new UnreadableWorkbook();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    const rows: WorkbookRow[] = [];
    for await (const sheet of reader as AsyncIterable<SheetReader>)
      await readSheet(sheet.name, sheet as AsyncIterable<SheetRow>, rows);
    return rows;
  } catch {
    // The streaming reader needs the workbook part before the sheets in the ZIP; a workbook saved again
    // by some writers (exceljs itself, rewriting a loaded workbook) puts it after, and the reader throws.
    // Such a workbook is read whole: an upload is at most 5 MB and its unpacked size was checked.
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
    } catch {
      throw new UnreadableWorkbook();
    }
    const rows: WorkbookRow[] = [];
    for (const sheet of workbook.worksheets) {
      const sheetRows: SheetRow[] = [];
      sheet.eachRow((row) => sheetRows.push(row));
      await readSheet(sheet.name, sheetRows, rows);
    }
    return rows;
  }
}

/** What an uploaded or stored workbook may unpack to, counted as it inflates. */
const WORKBOOK_ZIP_LIMITS = {
  maxUnpackedBytes: WORKBOOK_MAX_UNPACKED_BYTES,
  maxEntries: WORKBOOK_MAX_ENTRIES,
};

/**
 * Whether bytes are an XLSX workbook exceljs can open (a ZIP holding a workbook part) that unpacks
 * within the limit: counted by inflating it before exceljs sees it, whatever its headers declare.
 */
export async function isReportWorkbook(content: Buffer): Promise<boolean> {
  if (content.length < 4 || content.readUInt32LE(0) !== 0x04034b50) return false;
  if (!(await countZip(content, WORKBOOK_ZIP_LIMITS))) return false;
  try {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    // exceljs opens any ZIP (an archive of HTML too) as a workbook with no sheets; a real one has one.
    return workbook.worksheets.length > 0;
  } catch {
    return false;
  }
}
