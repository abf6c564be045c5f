// ORDER BY terms that match the list indexes. drizzle builds an index column declared `.desc()` as
// `DESC NULLS LAST`, but a plain `ORDER BY x DESC` means NULLS FIRST: PostgreSQL then cannot walk the
// index (even for a NOT NULL column) and sorts every row of the publisher for each page. Going down
// names NULLS LAST; going up names NULLS FIRST, the same index walked backwards.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export type SortDirection = 'asc' | 'desc';

/** `column DESC NULLS LAST` or `column ASC NULLS FIRST`: either direction of a `.desc()` index. */
export function indexOrder(column: SQLWrapper, direction: SortDirection): SQL {
  return direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
}

/**
 * A text column as people read it in a sorted list: case does not matter ('apple' beside 'Apple', not
 * after 'Zebra'), as PostgreSQL's default collation would have it on some servers and not on others.
 */
export function caseless(column: SQLWrapper): SQL {
  return sql`lower(${column})`;
}

/** Every key in the same direction (a sort column and its id tiebreak). */
export function indexOrders(columns: SQLWrapper[], direction: SortDirection): SQL[] {
  return columns.map((column) => indexOrder(column, direction));
}

/**
 * `column ASC|DESC NULLS LAST`: rows without a value after every row with one, whichever way the column
 * is sorted (a reader looks for the values; the empty ones stay out of the way). Walks no `.desc()` index
 * going up, so only for sorts no index serves anyway (or where the caller reads the NULL run apart).
 */
export function valuesFirst(column: SQLWrapper, direction: SortDirection): SQL {
  return direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
}
