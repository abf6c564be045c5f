// Migrations: the product's migrate step (packages/db client.ts, drizzle's migrator over
// packages/db/migrations) run
// - from an empty database, twice: the second run is a no-op (on PGlite too: migrations-pglite.test.ts);
// - from the previous release, twice, over representative rows: the data is kept and the schema equals
//   the from-empty one. No release is tagged yet, so the previous release is the journal without its
//   last PREVIOUS_RELEASE_DROPS migrations (the last landed work);
// - with a deliberately failing extra migration: nothing of the run is left (schema and journal as before);
// - by two processes at once on an empty database under the start-up advisory lock (db.exclusively): both
//   succeed, one after the other, and the schema is made once.
// Schemas are compared as a catalogue dump (tests/support/schema-catalogue.ts).
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationsFolder, openDb, queryRows, type DbHandle } from '@hc/db/client';
import {
  buildArticle,
  buildHighlight,
  buildPackage,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';
import {
  appliedMigrations,
  catalogue,
  committedJournal,
  createEmptyDatabase,
  type Catalogue,
  type JournalEntry,
} from '../support/schema-catalogue.ts';

/** How many of the newest migrations the "previous release" lacks (see the header). */
const PREVIOUS_RELEASE_DROPS = 6;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  // Each cleanup owns its database or folder: they run side by side.
  await Promise.all(cleanups.map((cleanup) => cleanup().catch(() => undefined)));
}, 60_000);

/** A new, empty PostgreSQL database, dropped after the file. */
async function emptyPostgres(): Promise<{ handle: DbHandle; url: string }> {
  const database = await createEmptyDatabase();
  cleanups.push(() => database.drop());
  return database;
}

/** A copy of the migrations folder whose journal is `entries`, plus any extra SQL files. */
async function migrationsCopy(entries: JournalEntry[], extraFiles: Record<string, string> = {}) {
  const folder = await mkdtemp(path.join(tmpdir(), 'hc-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsFolder, folder, { recursive: true });
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...committedJournal, entries }),
  );
  for (const [name, text] of Object.entries(extraFiles)) await writeFile(path.join(folder, name), text);
  return folder;
}

/** Every row of every public table, as JSON objects, sorted. */
async function tableContents(handle: DbHandle): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await queryRows<{ name: string }>(
    handle.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const contents: Record<string, Record<string, unknown>[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: Record<string, unknown> }>(
      handle.db,
      sql.raw(`select to_jsonb(t) as row from "${name}" t order by to_jsonb(t)::text`),
    );
    contents[name] = rows.map((r) => r.row);
  }
  return contents;
}

/** The error a migrate call failed with: drizzle wraps the driver's, which says what went wrong. */
async function migrateFailure(handle: DbHandle, folder: string): Promise<string> {
  const error = await migrate(handle, folder).then(
    () => null,
    (failure: Error) => failure,
  );
  expect(error, 'the migration should have failed').not.toBeNull();
  return (error!.cause as Error | undefined)?.message ?? error!.message;
}

/** The schema every later comparison is made against: the committed migrations on an empty database. */
let fromEmpty: Catalogue | undefined;
async function fromEmptyCatalogue(): Promise<Catalogue> {
  if (!fromEmpty) {
    const { handle } = await emptyPostgres();
    await migrate(handle);
    fromEmpty = await catalogue(handle);
  }
  return fromEmpty;
}

describe('migrations from an empty database', () => {
  it('PostgreSQL: the second run is a no-op and the schema is identical', async () => {
    const { handle } = await emptyPostgres();
    await migrate(handle);
    const first = await catalogue(handle);
    const journal = await appliedMigrations(handle);
    expect(journal).toHaveLength(committedJournal.entries.length);
    expect(first.tables.length).toBeGreaterThan(20);

    await migrate(handle);
    expect(await appliedMigrations(handle)).toEqual(journal);
    expect(await catalogue(handle)).toEqual(first);
    fromEmpty = first;
  });
});

describe('migrations from the previous release', () => {
  it('keeps the data and ends with the from-empty schema, run twice', async () => {
    const previousEntries = committedJournal.entries.slice(0, -PREVIOUS_RELEASE_DROPS);
    const previousRelease = await migrationsCopy(previousEntries);
    const { handle } = await emptyPostgres();
    await migrate(handle, previousRelease);
    expect(await appliedMigrations(handle)).toHaveLength(previousEntries.length);

    // Representative rows of the previous release, in the tables its successors change (highlights'
    // indexes, audit_log's new column and triggers) and those they reference.
    const { db } = handle;
    const publisher = await buildPublisher(db);
    const user = await buildUser(db, { publisherId: publisher.id, roles: ['editorial_manager'] });
    const first = await buildHighlight(db, publisher.id);
    const second = await buildHighlight(db, publisher.id);
    await buildArticle(db, publisher.id, { reviewStatus: 'pending' });
    await buildPackage(db, publisher.id, { highlightIds: [first.id, second.id] });
    // audit_log has no user_email column yet: the current schema's insert would name it.
    await db.execute(sql`insert into audit_log (publisher_id, user_id, action_name, object_id, object_type)
      values (${publisher.id}, ${user.id}, 'package.create', '1', 'package'),
             (${publisher.id}, null, 'import', null, null)`);
    const before = await tableContents(handle);

    await migrate(handle);
    const upgraded = await catalogue(handle);
    const journal = await appliedMigrations(handle);
    await migrate(handle);
    expect(await appliedMigrations(handle)).toEqual(journal);
    expect(journal).toHaveLength(committedJournal.entries.length);
    expect(await catalogue(handle)).toEqual(upgraded);
    expect(upgraded).toEqual(await fromEmptyCatalogue());

    // Every row kept with its values; the only new field is 0010's user_email, filled from users.
    const after = await tableContents(handle);
    // Tables the newer migrations add start empty; every earlier table is still there.
    expect(Object.keys(after)).toEqual(expect.arrayContaining(Object.keys(before)));
    for (const table of Object.keys(after).filter((name) => !(name in before))) {
      expect(after[table], table).toEqual([]);
    }
    for (const [table, rows] of Object.entries(before)) {
      const kept = after[table]!.map((row) =>
        Object.fromEntries(Object.keys(rows[0] ?? {}).map((k) => [k, row[k]])),
      );
      expect(kept, table).toEqual(rows);
    }
    expect(before.highlights).toHaveLength(2);
    expect(after.audit_log!.map((row) => row.user_email).sort()).toEqual([null, user.email].sort());
  });
});

describe('a migration that fails halfway', () => {
  const failing = (previous: JournalEntry[]) => {
    const last = committedJournal.entries.at(-1)!;
    const tag = `${String(last.idx + 1).padStart(4, '0')}_fails_halfway`;
    const entries = [...previous, { ...last, idx: last.idx + 1, when: last.when + 1_000, tag }];
    // A valid first statement, then one that fails: a half-applied run would leave the table.
    const text = `CREATE TABLE "fault_half_applied" ("id" integer);--> statement-breakpoint\nSELECT 1 / 0;`;
    return migrationsCopy(entries, { [`${tag}.sql`]: text });
  };

  it('leaves the previous release schema and journal as they were, the pending migrations included', async () => {
    const previousRelease = await migrationsCopy(committedJournal.entries.slice(0, -PREVIOUS_RELEASE_DROPS));
    const { handle } = await emptyPostgres();
    await migrate(handle, previousRelease);
    const schemaBefore = await catalogue(handle);
    const journalBefore = await appliedMigrations(handle);

    // The release's two pending migrations, then the failing one: all three in the one run.
    expect(await migrateFailure(handle, await failing(committedJournal.entries))).toBe('division by zero');
    expect(await appliedMigrations(handle)).toEqual(journalBefore);
    expect(await catalogue(handle)).toEqual(schemaBefore);

    // Fixed (the failing migration gone), the same database migrates to the from-empty schema.
    await migrate(handle);
    expect(await catalogue(handle)).toEqual(await fromEmptyCatalogue());
  });

  it('leaves an empty database with no table and an empty journal', async () => {
    const { handle } = await emptyPostgres();
    expect(await migrateFailure(handle, await failing(committedJournal.entries))).toBe('division by zero');
    const after = await catalogue(handle);
    // drizzle makes its own journal table before the run's transaction: it is there, and empty.
    expect(after.tables).toEqual(['drizzle.__drizzle_migrations BASE TABLE']);
    expect(await appliedMigrations(handle)).toEqual([]);
  });
});

describe('two processes starting together on an empty database', () => {
  it('migrate one after the other under the start-up lock: both succeed, the schema is made once', async () => {
    const { url } = await emptyPostgres();
    // Two pools, as two replicas have.
    const replicas = await Promise.all(
      [1, 2].map(() => openDb({ databaseUrl: url, poolSize: 3, onIdleError: () => undefined })),
    );
    cleanups.push(() => Promise.all(replicas.map((r) => r.close())));
    const spans = await Promise.all(
      replicas.map((replica) =>
        replica.exclusively(async () => {
          const start = Date.now();
          await migrate(replica);
          return { start, end: Date.now() };
        }),
      ),
    );
    // The lock made them take turns: one ran after the other had finished.
    const [a, b] = spans.sort((x, y) => x.start - y.start) as [(typeof spans)[0], (typeof spans)[0]];
    expect(b.start).toBeGreaterThanOrEqual(a.end);
    expect(await appliedMigrations(replicas[0]!)).toHaveLength(committedJournal.entries.length);
    expect(await catalogue(replicas[1]!)).toEqual(await fromEmptyCatalogue());
  });
});
