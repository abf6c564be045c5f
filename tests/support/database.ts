// A fresh PostgreSQL database per suite, migrated, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDb, type DbHandle } from '@hc/db/client';
import { adminDatabaseUrl, databaseUrlFor } from './services.ts';

export interface TestDatabase {
  handle: DbHandle;
  url: string;
  drop(): Promise<void>;
}

/** Runs `run` on a connection to the admin database (create and drop databases). */
export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `hc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  const url = databaseUrlFor(name);
  // The forced drop below may end connections the pool is still closing: that is expected, not an error.
  const handle = await openDb({ databaseUrl: url, poolSize: 5, onIdleError: () => undefined });
  await migrate(handle);
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
