// The bench's own PostgreSQL databases (hc_bench, hc_bench_small): dropped and created again each run.
import { migrate, openDb, type DbHandle } from '@hc/db/client';
import { seedBench } from '@hc/db/seed/bench';
import { databaseUrlFor } from '../support/services.ts';
import { withAdminClient } from '../support/database.ts';

export interface BenchDatabase {
  name: string;
  url: string;
  handle: DbHandle;
  drop(): Promise<void>;
}

const admin = (statement: string) => withAdminClient((client) => client.query(statement));

/** A fresh database `name`, migrated and seeded with `highlights` bench highlights. */
export async function createBenchDatabase(
  name: string,
  highlights: number,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = databaseUrlFor(name);
  const handle = await openDb({ databaseUrl: url, poolSize: 4, onIdleError: () => undefined });
  await migrate(handle);
  const started = performance.now();
  log(`seeding ${name} with ${highlights.toLocaleString('en-US')} highlights`);
  await seedBench(handle.db, { highlights, log });
  log(`seeded ${name} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return {
    name,
    url,
    handle,
    async drop() {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
