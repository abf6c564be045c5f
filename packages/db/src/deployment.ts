// Who this deployment is, and the Redis namespace that follows from it. Two deployments that share a Redis
// (a developer's `npm start` beside a second checkout or a test run) must never take each other's jobs,
// throttle each other's logins or hear each other's live pushes; the server and the worker of one
// deployment must agree without being told. So the namespace is derived from the database both open:
// PostgreSQL's system identifier plus the database name, or the embedded database's folder.
// Computed once at start (server main.ts, worker main.ts) and passed down; nothing else derives it.
// Lives with the database package because the id is derived from the database both sides open.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle } from '@hc/db/client';

export interface Deployment {
  /** Stamped on every job (`deployment` in its data); also the root of every Redis key and channel. */
  id: string;
  /** What the id was derived from, for the start-up log line. */
  source: string;
  /** ioredis keyPrefix of every key and pub/sub channel (login throttle, live, collab, tickets...). */
  keyPrefix: string;
  /** BullMQ's prefix: JOBS_PREFIX when set, otherwise under the deployment's namespace. */
  jobsPrefix: string;
}

/** The id of a database identity: short, safe in a Redis key, and not the raw path or server id. */
export const deploymentIdOf = (identity: string) =>
  `hc-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;

/** The namespace of an id; `jobsPrefix` (JOBS_PREFIX) replaces BullMQ's prefix only. */
export function deploymentFrom(id: string, source: string, jobsPrefix?: string): Deployment {
  return { id, source, keyPrefix: `${id}:`, jobsPrefix: jobsPrefix ?? `${id}:jobs` };
}

/**
 * The deployment of an open database. PostgreSQL: `system_identifier` (unique per cluster, kept across
 * restarts) and the database name, so two databases on one server are two deployments. PGlite: the
 * resolved path of its folder (PGlite's clusters are copies of one template and share a system id).
 */
export async function deploymentOf(
  handle: Pick<DbHandle, 'db' | 'kind'>,
  options: { dataDir?: string | undefined; jobsPrefix?: string | undefined } = {},
): Promise<Deployment> {
  if (handle.kind === 'pglite') {
    const folder = path.join(path.resolve(options.dataDir ?? './data'), 'pglite');
    const resolved = realpathOr(folder);
    return deploymentFrom(
      deploymentIdOf(`pglite\0${resolved}`),
      `embedded PGlite in ${resolved}`,
      options.jobsPrefix,
    );
  }
  try {
    const [row] = await queryRows<{ system: string; database: string }>(
      handle.db,
      sql`select system_identifier::text as system, current_database() as database from pg_control_system()`,
    );
    if (!row) throw new Error('pg_control_system() answered no row');
    return deploymentFrom(
      deploymentIdOf(`postgres\0${row.system}\0${row.database}`),
      `PostgreSQL system ${row.system}, database ${row.database}`,
      options.jobsPrefix,
    );
  } catch (error) {
    // A managed server may withhold pg_control_system(); the server's address and port with the database
    // name still tell two databases apart (less well: one server reached by two addresses is two ids).
    const [row] = await queryRows<{ address: string | null; port: number | null; database: string }>(
      handle.db,
      sql`select inet_server_addr()::text as address, inet_server_port() as port, current_database() as database`,
    );
    const where = `${row?.address ?? 'local socket'}:${row?.port ?? ''}`;
    return deploymentFrom(
      deploymentIdOf(`postgres-address\0${where}\0${row?.database ?? ''}`),
      `PostgreSQL at ${where}, database ${row?.database ?? '?'} (pg_control_system() refused: ${(error as Error).message})`,
      options.jobsPrefix,
    );
  }
}

function realpathOr(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** The start-up log line's fields. */
export const describeDeployment = (deployment: Deployment) => ({
  deployment: deployment.id,
  derivedFrom: deployment.source,
  redisKeyPrefix: deployment.keyPrefix,
  jobsPrefix: deployment.jobsPrefix,
});
