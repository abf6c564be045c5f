// Schemas compared as data, for the migration tests: a catalogue dump (tables, columns, types, indexes,
// constraints, triggers, functions, enums, sequences and views of the public and drizzle schemas), drizzle's
// journal table, and empty databases to migrate.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDb, queryRows, type DbHandle } from '@hc/db/client';
import { databaseUrlFor } from './services.ts';
import { withAdminClient } from './database.ts';

export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}
export interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

/** The journal of the committed migrations (packages/db/migrations/meta). */
export const committedJournal = JSON.parse(
  await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as Journal;

const admin = (statement: string) => withAdminClient((client) => client.query(statement));

export interface EmptyDatabase {
  handle: DbHandle;
  url: string;
  drop(): Promise<void>;
}

/** A new PostgreSQL database, not migrated (createTestDatabase's is), and a handle on it. */
export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const name = `hc_migrations_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = databaseUrlFor(name);
  // The forced drop may end connections the pool is still closing: expected, not an error.
  const handle = await openDb({ databaseUrl: url, poolSize: 3, onIdleError: () => undefined });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const SCHEMAS = `('public', 'drizzle')`;
/** One query per kind of schema object; each row is one object described as text. */
const CATALOGUE = {
  tables: `select format('%s.%s %s', table_schema, table_name, table_type) as item
    from information_schema.tables where table_schema in ${SCHEMAS}`,
  columns: `select format('%s.%s.%s #%s %s(%s,%s,%s) null=%s default=%s identity=%s/%s generated=%s',
      table_schema, table_name, column_name, ordinal_position, udt_name, character_maximum_length,
      numeric_precision, datetime_precision, is_nullable, column_default, is_identity, identity_generation,
      generation_expression) as item
    from information_schema.columns where table_schema in ${SCHEMAS}`,
  indexes: `select format('%s.%s: %s', schemaname, indexname, indexdef) as item
    from pg_indexes where schemaname in ${SCHEMAS}`,
  // NOT NULL is in the columns: PostgreSQL 18 (PGlite) lists it as a constraint too, 15 does not.
  constraints: `select format('%s.%s.%s %s: %s', n.nspname, c.conrelid::regclass, c.conname, c.contype,
      pg_get_constraintdef(c.oid)) as item
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname in ${SCHEMAS} and c.contype <> 'n'`,
  triggers: `select format('%s.%s: %s', t.tgrelid::regclass, t.tgname, pg_get_triggerdef(t.oid)) as item
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname in ${SCHEMAS}`,
  functions: `select format('%s.%s: %s', n.nspname, p.proname, pg_get_functiondef(p.oid)) as item
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${SCHEMAS}`,
  enums: `select format('%s.%s: %s', n.nspname, t.typname, string_agg(e.enumlabel, ',' order by e.enumsortorder))
      as item
    from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ${SCHEMAS} group by n.nspname, t.typname`,
  sequences: `select format('%s.%s %s start=%s step=%s', sequence_schema, sequence_name, data_type, start_value,
      increment) as item
    from information_schema.sequences where sequence_schema in ${SCHEMAS}`,
  views: `select format('%s.%s: %s', schemaname, viewname, definition) as item
    from pg_views where schemaname in ${SCHEMAS}`,
} as const;

export type Catalogue = Record<keyof typeof CATALOGUE, string[]>;

/** The schema as text, object by object, sorted: two equal dumps are the same schema. */
export async function catalogue(handle: DbHandle): Promise<Catalogue> {
  const dump = {} as Catalogue;
  for (const [kind, query] of Object.entries(CATALOGUE) as [keyof Catalogue, string][]) {
    const rows = await queryRows<{ item: string }>(handle.db, sql.raw(query));
    dump[kind] = rows.map((r) => r.item).sort();
  }
  return dump;
}

/** drizzle's journal table: one row per applied migration ([] before the first run made the table). */
export async function appliedMigrations(handle: DbHandle): Promise<{ hash: string; created_at: string }[]> {
  const [exists] = await queryRows<{ present: boolean }>(
    handle.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return [];
  const rows = await queryRows<{ hash: string; created_at: string | number }>(
    handle.db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => ({ hash: r.hash, created_at: String(r.created_at) }));
}
