// CSV as spreadsheets read it (RFC 4180, CRLF lines), made safe to open: a cell a spreadsheet would run as
// a formula (one starting with = + - @, a tab or a carriage return) is written with a leading apostrophe,
// which spreadsheets show as text and do not evaluate.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, and quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value as string);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
