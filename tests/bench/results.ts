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
  /**
   * The spread of the figure over the rounds it was measured in ('min–max of N rounds'): a figure whose
   * rounds disagree more than its margin to the budget says nothing. Empty where a row has one round.
   */
  spread?: string;
  /** value / reference where the budget is a ratio; null otherwise. */
  ratio: number | null;
  /** null: not measured (the row says why). */
  pass: boolean | null;
  /** Raw figures for bench-results.json. */
  details?: Record<string, unknown>;
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;

/** 'min–max of N rounds' of round figures, each formatted by `format`. */
export function spreadOf(values: readonly number[], format: (n: number) => string = ms): string {
  if (values.length < 2) return '';
  return `${format(Math.min(...values))}–${format(Math.max(...values))} (${values.length} rounds)`;
}

export function notMeasured(id: string, figure: string, budget: string, why: string): BenchRow {
  return { id, figure, value: 'not yet measured', budget, reference: why, ratio: null, pass: null };
}

export function printTable(rows: readonly BenchRow[]): string {
  const head = ['', 'figure', 'value', 'spread', 'budget', 'reference', 'ratio', 'pass'];
  const lines = rows.map((r) => [
    r.id,
    r.figure,
    r.value,
    r.spread ?? '',
    r.budget,
    r.reference,
    r.ratio === null ? '' : r.ratio.toFixed(2),
    r.pass === null ? '-' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [row(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(row)].join('\n');
}
