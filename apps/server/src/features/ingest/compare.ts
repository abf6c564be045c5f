// What an upsert must write: the desired columns whose value differs from the stored row. Values are
// compared as PostgreSQL gives them back: timestamps by instant, float4 columns at float4 precision,
// and JSON documents by content (jsonb does not keep key order).

/** The changed columns of `desired` against `stored`, or null when nothing differs. */
export function changedColumns<T extends Record<string, unknown>>(
  stored: Record<string, unknown>,
  desired: T,
  realColumns: ReadonlySet<string>,
): Partial<T> | null {
  const changes: Partial<T> = {};
  let any = false;
  for (const key of Object.keys(desired) as (keyof T & string)[]) {
    if (!sameValue(stored[key], desired[key], realColumns.has(key))) {
      changes[key] = desired[key];
      any = true;
    }
  }
  return any ? changes : null;
}

function sameValue(stored: unknown, desired: unknown, real: boolean): boolean {
  if (stored instanceof Date || desired instanceof Date) {
    return stored instanceof Date && desired instanceof Date && stored.getTime() === desired.getTime();
  }
  if (typeof stored === 'number' && typeof desired === 'number') {
    return real ? Math.fround(stored) === Math.fround(desired) : stored === desired;
  }
  if (typeof stored === 'object' && typeof desired === 'object' && stored !== null && desired !== null) {
    return canonical(stored) === canonical(desired);
  }
  return stored === desired;
}

/** JSON with object keys sorted, so two documents with the same content compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
