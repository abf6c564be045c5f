// A list as a CSV download: every row of the list's own query, page after page, written as the
// database answers (the file never sits whole in memory), up to EXPORT_ROW_CAP rows. Cells a
// spreadsheet would run as a formula are neutralised.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_ROW_CAP, MAX_PER_PAGE } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { HttpError } from '../plugins/errors.ts';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** One page of the list: 1-based page, `per` rows, in the list's own filter and order. */
export type PageReader<Row> = (page: number, per: number) => Promise<Row[]>;

/**
 * A spreadsheet runs a cell starting with = + - @ (and tab or CR, which some strip first) as a
 * formula: such text gets a leading apostrophe, which spreadsheets show as text. Numbers are written
 * as numbers (a negative number is not a formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Refused before any byte is sent: a file that stopped at the cap would look complete. */
export const exportTooLarge = () => new HttpError(422, [messages.exportTooLarge]);

async function* csvChunks<Row>(
  columns: CsvColumn<Row>[],
  read: PageReader<Row>,
  cap: number,
  keep: (row: Row) => boolean,
) {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  yield `\ufeff${csvLine(columns.map((c) => c.header))}`;
  let written = 0;
  for (let page = 1; written < cap; page += 1) {
    const rows = await read(page, MAX_PER_PAGE);
    const take = rows.filter(keep).slice(0, cap - written);
    if (take.length > 0) yield take.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
    written += take.length;
    if (rows.length < MAX_PER_PAGE) return;
  }
}

/**
 * Sends the list as `filename`. A list longer than the cap is refused with 422 and exportTooLarge
 * (the row just past the cap is asked for first, one row, through the same query). `keep` drops rows
 * a screen hides without a server filter of its own; the pages are still walked whole.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn<Row>[],
  read: PageReader<Row>,
  options: { cap?: number; keep?: (row: Row) => boolean } = {},
): Promise<FastifyReply> {
  const { cap = EXPORT_ROW_CAP, keep = () => true } = options;
  const pastCap = await read(cap + 1, 1);
  if (pastCap.length > 0) throw exportTooLarge();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(columns, read, cap, keep)));
}

/** A date as the table shows it, in UTC and sortable: 2025-01-05 14:03:00. */
export const csvDate = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? ''
    : new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
