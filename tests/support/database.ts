// A fresh PostgreSQL database per suite, dropped afterwards. Each is a copy of a template database that
// was migrated once (and, for the browser suites, loaded with the demo data once): running 22 migrations
// and the demo seed for every test file cost about 6 s a file, a copy costs a fraction of a second.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrate, migrationsFolder, openDb, type DbHandle } from '@hc/db/client';
import { adminDatabaseUrl, databaseUrlFor } from './services.ts';

export interface TestDatabase {
  handle: DbHandle;
  url: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Load the demo data set into the template as well (the browser suites). It is built once per day,
   * because the demo's dates are relative to the day it is loaded.
   */
  demo?: (handle: DbHandle) => Promise<void>;
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

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = await (options.demo ? demoTemplate(options.demo) : migratedTemplate());
  const name = `hc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((c) => c.query(`create database ${name} template ${template}`));
  const url = databaseUrlFor(name);
  // The forced drop below may end connections the pool is still closing: that is expected, not an error.
  const handle = await openDb({ databaseUrl: url, poolSize: 5, onIdleError: () => undefined });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The migrations' content: a changed or added migration makes a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
}

let migrated: Promise<string> | undefined;

function migratedTemplate(): Promise<string> {
  migrated ??= ensureTemplate(`hc_tpl_${migrationsHash()}`, 'template0', (handle) => migrate(handle));
  return migrated;
}

let demo: Promise<string> | undefined;

function demoTemplate(load: (handle: DbHandle) => Promise<void>): Promise<string> {
  demo ??= migratedTemplate().then((base) => {
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    return ensureTemplate(`${base}_demo_${day}`, base, load);
  });
  return demo;
}

/** Any number to tell this lock from others taken on the admin database. */
const TEMPLATE_LOCK = 7_311_402;

/**
 * Makes the template `name` unless it exists: built under another name and renamed when complete, under
 * a lock, so test processes started side by side (or from two checkouts) build it once and never copy a
 * half-built one. It takes no connections afterwards, as a copy requires.
 */
async function ensureTemplate(
  name: string,
  from: string,
  build: (handle: DbHandle) => Promise<void>,
): Promise<string> {
  await withAdminClient(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building} template ${from}`);
      const handle = await openDb({ databaseUrl: databaseUrlFor(building), poolSize: 2 });
      try {
        await build(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}
