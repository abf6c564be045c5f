// Migrations on the embedded database: the product migrates PGlite too (DATA_DIR without
// DATABASE_URL), with the same committed migrations. From empty, twice: the second run is a no-op, and the
// schema equals the one PostgreSQL gets. A file of its own: PGlite's first open (initdb in WebAssembly)
// takes most of a loaded machine's minute by itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '@hc/db/client';
import {
  appliedMigrations,
  catalogue,
  committedJournal,
  createEmptyDatabase,
} from '../support/schema-catalogue.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup().catch(() => undefined)));
}, 60_000);

describe('migrations from an empty embedded database', () => {
  it('PGlite: the second run is a no-op and the schema equals the PostgreSQL one', async () => {
    const postgres = await createEmptyDatabase();
    cleanups.push(() => postgres.drop());
    await migrate(postgres.handle);
    const fromEmptyPostgres = await catalogue(postgres.handle);

    const dataDir = await mkdtemp(path.join(tmpdir(), 'hc-migrations-pglite-'));
    const handle = await openDb({ dataDir });
    cleanups.push(async () => {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    expect(handle.kind).toBe('pglite');
    await migrate(handle);
    const first = await catalogue(handle);
    const journal = await appliedMigrations(handle);
    expect(journal).toHaveLength(committedJournal.entries.length);

    await migrate(handle);
    expect(await appliedMigrations(handle)).toEqual(journal);
    expect(await catalogue(handle)).toEqual(first);
    expect(first).toEqual(fromEmptyPostgres);
  });
});
