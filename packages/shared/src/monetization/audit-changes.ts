// Monetization audit entries: the changes a config save records (one entry per changed record, with the
// acting user), and the rows of the 'Change details' dialog.

/** audited_changes of an entry: { content: [before, after] } for create / destroy, { field: [before, after] }. */
export type AuditedChanges = Record<string, unknown>;

/** One line of the 'Change details' dialog. */
export interface AuditChangeRow {
  field: string;
  kind: 'added' | 'deleted' | 'updated';
  before: unknown;
  after: unknown;
}

const isPair = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const missing = (v: unknown) => v === undefined || v === null;

function rowOf(field: string, before: unknown, after: unknown): AuditChangeRow {
  const kind = missing(before) ? 'added' : missing(after) ? 'deleted' : 'updated';
  return { field, kind, before: before ?? null, after: after ?? null };
}

/**
 * Rows of an entry: a created record lists its values as added, a destroyed one as deleted, the
 * `field_value` pair is named by the entry's field_name, and every other key is a field with its
 * before/after pair. Values that are not pairs are shown as added.
 */
export function auditChangeRows(changes: AuditedChanges, fieldName?: string | null): AuditChangeRow[] {
  const rows: AuditChangeRow[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (!isPair(value)) {
      rows.push(rowOf(key, null, value));
      continue;
    }
    const [before, after] = value;
    if (key === 'content' && (isRecord(before) || isRecord(after))) {
      const b = isRecord(before) ? before : {};
      const a = isRecord(after) ? after : {};
      for (const f of new Set([...Object.keys(b), ...Object.keys(a)])) {
        if (!sameValue(b[f], a[f])) rows.push(rowOf(f, b[f], a[f]));
      }
      continue;
    }
    rows.push(rowOf(key === 'field_value' && fieldName ? fieldName : key, before, after));
  }
  return rows;
}

/** Deep equality of JSON values (the stored configs are JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (missing(a) && missing(b)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/** The changed fields between two stored records, as { field: [before, after] } (null for absent). */
export function diffConfigs(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): AuditedChanges {
  const changes: AuditedChanges = {};
  for (const f of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameValue(before[f], after[f])) changes[f] = [before[f] ?? null, after[f] ?? null];
  }
  return changes;
}

/** A value as the dialog prints it: sizes as 300x250, objects as JSON, absent as an empty cell. */
export function formatAuditValue(value: unknown): string {
  if (missing(value)) return '';
  if (Array.isArray(value) && value.every((v) => isPair(v) && v.every((n) => typeof n === 'number'))) {
    return value.map(([w, h]) => `${String(w)}x${String(h)}`).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}
