// A list's filters, sort and page kept in the address bar, so a view can be bookmarked, shared and
// walked with back and forward. Each field says how it reads from and writes to its query parameter;
// a value equal to its default is left out of the address, and a value the address cannot hold (an
// edited or stale link) reads as the default.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// Methods, not function properties: a field of strings must fit where a field of anything is asked.
export interface UrlField<T> {
  fallback: T;
  parse(raw: string): T | undefined;
  format(value: T): string;
}

/** Free text (a search box). */
export const textField = (fallback = ''): UrlField<string> => ({
  fallback,
  parse: (raw) => raw,
  format: (value) => value,
});

/** One of a closed set of strings (a select, a sort key). */
export const choiceField = <T extends string>(choices: readonly T[], fallback: T): UrlField<T> => ({
  fallback,
  parse: (raw) => (choices as readonly string[]).find((c) => c === raw) as T | undefined,
  format: (value) => value,
});

/** A whole number in a range, or null for "none chosen". */
export const intField = (
  min: number,
  max: number,
  fallback: number | null = null,
): UrlField<number | null> => ({
  fallback,
  parse: (raw) => {
    if (!/^-?\d+$/.test(raw)) return undefined;
    const n = Number(raw);
    return n >= min && n <= max ? n : undefined;
  },
  format: (value) => (value === null ? '' : String(value)),
});

/** A set of strings from a closed list, comma separated. */
export const choiceListField = <T extends string>(choices: readonly T[]): UrlField<T[]> => ({
  fallback: [],
  parse: (raw) => raw.split(',').filter((c): c is T => (choices as readonly string[]).includes(c)),
  format: (value) => value.join(','),
});

/** A field that may be left unchosen (a select with a clear button): null when absent. */
export const optionalField = <T>(field: UrlField<T>): UrlField<T | null> => ({
  fallback: null,
  parse: (raw) => field.parse(raw),
  format: (value) => (value === null ? '' : field.format(value)),
});

/** A set of whole numbers (ids), comma separated, in the order chosen; unreadable items are dropped. */
export const intListField = (max = Number.MAX_SAFE_INTEGER): UrlField<number[]> => ({
  fallback: [],
  parse: (raw) =>
    raw
      .split(',')
      .filter((part) => /^\d+$/.test(part))
      .map(Number)
      .filter((n) => n >= 1 && n <= max),
  format: (value) => value.join(','),
});

/** A calendar day as YYYY-MM-DD, or null for "none chosen"; a day that does not exist reads as none. */
export const dayField = (): UrlField<string | null> => ({
  fallback: null,
  parse: (raw) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    if (!m) return undefined;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(y, mo - 1, d);
    return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? raw : undefined;
  },
  format: (value) => value ?? '',
});

export type UrlFields = Record<string, UrlField<unknown>>;
export type UrlValues<F extends UrlFields> = { [K in keyof F]: F[K]['fallback'] };

const PAGE_PARAM = 'page';
/** Deeper than any list can page; an address asking more reads as page 1. */
const MAX_PAGE = 100_000;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Reads every field from the query string, the default where absent or unreadable. */
export function readFields<F extends UrlFields>(fields: F, search: URLSearchParams): UrlValues<F> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const raw = search.get(key);
    const parsed = raw === null ? undefined : field.parse(raw);
    values[key] = parsed === undefined ? field.fallback : parsed;
  }
  return values as UrlValues<F>;
}

/** Writes the changed fields into a copy of the query string; defaults are removed. */
export function writeFields<F extends UrlFields>(
  fields: F,
  search: URLSearchParams,
  changes: Partial<UrlValues<F>>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    const field = fields[key];
    if (!field) continue;
    const text = field.format(value);
    if (same(value, field.fallback) || text === '') next.delete(key);
    else next.set(key, text);
  }
  return next;
}

export function readPage(search: URLSearchParams): number {
  const raw = search.get(PAGE_PARAM);
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

export interface ListUrlState<F extends UrlFields> {
  values: UrlValues<F>;
  page: number;
  /**
   * Changes filters or sort and goes back to page 1. `replace` rewrites the current history entry
   * instead of adding one (search typing: one entry per pause would make back useless).
   */
  set: (changes: Partial<UrlValues<F>>, options?: { replace?: boolean }) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Every field back to its default, page 1. */
  reset: () => void;
  /** True when every field holds its default. */
  isDefault: boolean;
  /** The query string of the current filters and sort (no page), for an export of the same view. */
  search: URLSearchParams;
}

export function useListUrlState<F extends UrlFields>(fields: F): ListUrlState<F> {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // Re-read only when the address changes, so the values keep their identity between renders (every
  // screen passes its fields as a module-level constant, which never changes).
  const values = useMemo(() => readFields(fields, new URLSearchParams(key)), [fields, key]);
  const page = readPage(search);

  const set = useCallback(
    (changes: Partial<UrlValues<F>>, options?: { replace?: boolean }) =>
      setSearch(
        (prev) => {
          const next = writeFields(fields, prev, changes);
          next.delete(PAGE_PARAM);
          return next;
        },
        { replace: options?.replace ?? false },
      ),
    [fields, setSearch],
  );
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setSearch(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next <= 1) out.delete(PAGE_PARAM);
          else out.set(PAGE_PARAM, String(next));
          return out;
        },
        { replace: options?.replace ?? false },
      ),
    [setSearch],
  );
  const reset = useCallback(
    () =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const k of [...Object.keys(fields), PAGE_PARAM]) next.delete(k);
        return next;
      }),
    [fields, setSearch],
  );
  const isDefault = Object.entries(fields).every(([k, f]) => same(values[k], f.fallback));
  const filterSearch = useMemo(() => {
    const s = new URLSearchParams(key);
    s.delete(PAGE_PARAM);
    return s;
  }, [key]);
  return { values, page, set, setPage, reset, isDefault, search: filterSearch };
}

export interface ListSort<C extends string> {
  column: C;
  order: 'asc' | 'desc';
}

/** A server sort as `column_order` (e.g. `updated_at_desc`), the form the list calls take. */
export const sortField = <C extends string>(
  columns: readonly C[],
  fallback: ListSort<C>,
): UrlField<ListSort<C>> => ({
  fallback,
  parse: (raw) => {
    const cut = raw.lastIndexOf('_');
    const column = (columns as readonly string[]).find((c) => c === raw.slice(0, cut)) as C | undefined;
    const order = raw.slice(cut + 1);
    return column && (order === 'asc' || order === 'desc') ? { column, order } : undefined;
  },
  format: (value) => `${value.column}_${value.order}`,
});

/** The sort a DataTable header click asks for, if the column is one the server sorts by. */
export function sortFromEvent<C extends string>(
  columns: readonly C[],
  e: { sortField?: unknown; sortOrder?: number | null },
): ListSort<C> | undefined {
  const column = (columns as readonly string[]).find((c) => c === e.sortField) as C | undefined;
  return column ? { column, order: e.sortOrder === 1 ? 'asc' : 'desc' } : undefined;
}
