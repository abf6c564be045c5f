// One row of the bench table and how the table is printed.

export interface BenchRow {
  id: string;
  /** What was measured, in words. */
  figure: string;
  /** The measured value, formatted. */
  value: string;
  budget: string;
  /** The reference measured beside it (or what the budget compares to), formatted. */
  reference: string;
  /** value / reference where the budget is a ratio; null otherwise. */
  ratio: number | null;
  /** null: not measured (the row says why). */
  pass: boolean | null;
  /** Raw figures for bench-results.json. */
  details?: Record<string, unknown>;
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;

export function notMeasured(id: string, figure: string, budget: string, why: string): BenchRow {
  return { id, figure, value: 'not yet measured', budget, reference: why, ratio: null, pass: null };
}

export function printTable(rows: readonly BenchRow[]): string {
  const head = ['', 'figure', 'value', 'budget', 'reference', 'ratio', 'pass'];
  const lines = rows.map((r) => [
    r.id,
    r.figure,
    r.value,
    r.budget,
    r.reference,
    r.ratio === null ? '' : r.ratio.toFixed(2),
    r.pass === null ? '-' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [row(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(row)].join('\n');
}
