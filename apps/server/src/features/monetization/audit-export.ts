// The audit log as CSV: one line per changed field of each entry (an entry of three fields is three
// lines), so a spreadsheet can filter and sort by field, before and after. Cells are neutralised.
import { Readable } from 'node:stream';
import { csvLine } from '@hc/shared/csv';
import { auditChangeRows, formatAuditValue } from '@hc/shared/monetization/audit-changes';
import type { AuditListRow } from './presenter.ts';

export const AUDIT_CSV_HEADER = [
  'Date',
  'Publisher',
  'Placement',
  'User',
  'Action',
  'Object',
  'Field',
  'Before',
  'After',
] as const;

function linesOf({ audit, publisherName, placementName }: AuditListRow): string[] {
  const base = [
    audit.createdAt.toISOString(),
    publisherName,
    placementName ?? '',
    audit.email,
    audit.action,
    audit.auditableType,
  ];
  let rows: ReturnType<typeof auditChangeRows> = [];
  try {
    rows = auditChangeRows(audit.auditedChanges, audit.fieldName);
  } catch {
    // An entry whose changes cannot be read still says who did what when.
  }
  if (rows.length === 0) return [csvLine([...base, audit.fieldName ?? '', '', ''])];
  return rows.map((r) => csvLine([...base, r.field, formatAuditValue(r.before), formatAuditValue(r.after)]));
}

export function auditCsv(batches: AsyncIterable<AuditListRow[]>): Readable {
  async function* lines() {
    yield csvLine(AUDIT_CSV_HEADER);
    for await (const batch of batches) yield batch.flatMap(linesOf).join('');
  }
  return Readable.from(lines());
}
