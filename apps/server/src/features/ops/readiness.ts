// Readiness (GET /readyz): the database answers, Redis answers, and every migration this build ships is
// applied. A replica that is up but cannot serve (Redis gone, started before the migration finished) is
// taken out of the load balancer instead of answering 500s.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { migrationsFolder, queryRows, type Db } from '@hc/db/client';

/** Each check gets this long: a probe must answer before the load balancer's own timeout. */
const CHECK_TIMEOUT_MS = 1_500;

export interface ReadinessChecks {
  database: boolean;
  redis: boolean;
  migrations: boolean;
}

/** The `when` of every migration in the committed journal: drizzle stores it as created_at when applied. */
function committedMigrations(): number[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  const outcome = check().then(
    (result) => result !== false,
    () => false,
  );
  return Promise.race([outcome, timeout]).finally(() => clearTimeout(timer));
}

export class Readiness {
  private readonly committed = committedMigrations();

  constructor(
    private readonly db: Db,
    private readonly redis: Redis,
  ) {}

  async check(): Promise<{ ready: boolean; checks: ReadinessChecks }> {
    const [database, redis, migrations] = await Promise.all([
      passes(() => queryRows(this.db, sql`select 1 as ok`)),
      passes(async () => (await this.redis.ping()) === 'PONG'),
      passes(() => this.migrationsApplied()),
    ]);
    const checks = { database, redis, migrations };
    return { ready: database && redis && migrations, checks };
  }

  /** Works on PostgreSQL and PGlite alike: both keep drizzle's table in the drizzle schema. */
  private async migrationsApplied(): Promise<boolean> {
    const rows = await queryRows<{ created_at: string | number }>(
      this.db,
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    const applied = new Set(rows.map((row) => Number(row.created_at)));
    return this.committed.every((when) => applied.has(when));
  }
}
