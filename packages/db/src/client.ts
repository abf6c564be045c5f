// Opens the database: embedded PGlite under a data folder when no URL is given, else node-postgres.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { schema } from './schema.ts';
import type { Db } from './db.ts';
import {
  CHANGES_CHANNEL,
  NotifyChangeFeed,
  type ChangeFeed,
  type ChangeFeedOptions,
  type ChannelListener,
} from './changes.ts';

export type { Db } from './db.ts';

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs `work` while holding the deployment's start-up lock: a PostgreSQL advisory lock, so that replicas
   * starting together on an empty database migrate and seed one after the other. PGlite has one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Listens to the tables' change notifications (changes.ts); PostgreSQL: one more connection. */
  openChangeFeed(options?: ChangeFeedOptions): Promise<ChangeFeed>;
}

async function startFeed(db: Db, channel: ChannelListener, options?: ChangeFeedOptions) {
  const feed = new NotifyChangeFeed(db, channel, options);
  await feed.start();
  return feed;
}

/** The advisory lock key of start-up work (migrate, seed): any fixed bigint, the same in every process. */
export const STARTUP_LOCK_KEY = 724_311_905;

export interface OpenDbOptions {
  /** postgres://... ; when unset the embedded PGlite database under dataDir is used. */
  databaseUrl?: string | undefined;
  /** Folder holding the embedded database (DATA_DIR/pglite). */
  dataDir?: string | undefined;
  /** Pool size for node-postgres. */
  poolSize?: number;
  /** Called when an idle node-postgres connection fails; logs to stderr by default. */
  onIdleError?: (error: Error) => void;
}

const defaultIdleError = (error: Error) => console.error(`database connection lost: ${error.message}`);

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** How many database connections a server opens before it listens and keeps open while idle. */
export const WARM_CONNECTIONS = 4;

/**
 * Opens WARM_CONNECTIONS connections at once (concurrent queries each take one), so that a server's first
 * requests do not each wait for a connection to be made: on a cold server the page's first calls arrive
 * together (the Highlights table bench). PGlite has a single connection: the queries just run in turn.
 */
export async function warmDb(db: Db): Promise<void> {
  await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => db.execute(sql`select 1`)));
}

/** Opens the database; with PGlite this costs seconds, so open it once per process. */
export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const { Pool, Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const max = options.poolSize ?? 10;
    // Connections up to `min` stay open when idle (pg closes the others after 10 s): a new one cost ~160 ms
    // here under load, paid by the first calls after a quiet spell (the Highlights table bench). warmDb opens
    // them.
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max,
      min: Math.min(WARM_CONNECTIONS, max),
    });
    // An idle connection that the server drops (a restart, a failover) emits 'error' on the pool; without a
    // listener that would crash the process. The pool replaces the connection on the next query.
    pool.on('error', (error) => (options.onIdleError ?? defaultIdleError)(error));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session lock on one connection held for the whole work (which uses other pool connections).
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    };
    // Its own connection, outside the pool: LISTEN belongs to a session, and it stays open.
    const listenOnOwnConnection = (): ChannelListener => {
      let client: InstanceType<typeof Client> | null = null;
      return {
        async start(deliver, lost) {
          const connection = new Client({ connectionString: options.databaseUrl, keepAlive: true });
          client = connection;
          connection.on('notification', (message) => {
            if (message.channel === CHANGES_CHANNEL) deliver(message.payload ?? '');
          });
          connection.on('error', lost);
          connection.on('end', () => lost(new Error('the change feed connection ended')));
          await connection.connect();
          await connection.query(`LISTEN ${CHANGES_CHANNEL}`);
        },
        async stop() {
          const connection = client;
          client = null;
          if (!connection) return;
          connection.removeAllListeners('end');
          connection.removeAllListeners('error');
          connection.on('error', () => undefined);
          await connection.end().catch(() => undefined);
        },
      };
    };
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      exclusively,
      openChangeFeed: (feedOptions) => startFeed(db, listenOnOwnConnection(), feedOptions),
    };
  }
  const dataDir = options.dataDir ?? './data';
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  const listenInProcess = (): ChannelListener => {
    let unlisten: (() => Promise<void>) | null = null;
    return {
      async start(deliver) {
        unlisten = await client.listen(CHANGES_CHANNEL, deliver);
      },
      async stop() {
        const stop = unlisten;
        unlisten = null;
        if (stop && !client.closed) await stop();
      },
    };
  };
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    exclusively: (work) => work(),
    openChangeFeed: (feedOptions) => startFeed(db, listenInProcess(), feedOptions),
  };
}

/**
 * Applies the committed SQL migrations; safe to call at every start. Every pending migration runs in one
 * transaction (drizzle's migrator): a failing statement leaves the schema and the journal as they were.
 * `folder` is for tests that run a changed copy of the migrations.
 */
export async function migrate(handle: DbHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as never, { migrationsFolder: folder });
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
