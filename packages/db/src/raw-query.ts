// Hand-written SQL on the database's own driver, each row an array of column values. For the hottest
// read paths only: drizzle builds a query object and maps every column of every row through its column
// classes, which the server profile of the highlight list showed as the largest block of its CPU per
// uncached answer. Both drivers parse the same types the same way for what these queries select (text,
// bool, float4, float8, int4, jsonb); a bigint or a timestamp is cast in the SQL to what the answer needs.
import type { Db } from './db.ts';

/** Runs `text` with `$1…` bound to `values`; the rows as arrays, in select-list order. */
export type RawQuery = (text: string, values: readonly unknown[]) => Promise<unknown[][]>;

interface PgLikeClient {
  query(config: { text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}
interface PgliteLikeClient {
  query(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
  exec: unknown;
}

/** The raw query function of a database opened by openDb (node-postgres pool or PGlite). */
export function rawQueryOf(db: Db): RawQuery {
  const client = (db as unknown as { $client?: PgLikeClient | PgliteLikeClient }).$client;
  if (!client || typeof client.query !== 'function')
    throw new Error('rawQueryOf: a database opened by openDb is needed (not a transaction)');
  if ('exec' in client && typeof client.exec === 'function') {
    const lite = client;
    return (text, values) => lite.query(text, [...values], { rowMode: 'array' }).then((r) => r.rows);
  }
  const pool = client as PgLikeClient;
  return (text, values) => pool.query({ text, values: [...values], rowMode: 'array' }).then((r) => r.rows);
}

/** Collects a statement's parameters as `$n` placeholders, in the order the text names them. */
export class Params {
  readonly values: unknown[] = [];

  /** The placeholder of one more parameter. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
