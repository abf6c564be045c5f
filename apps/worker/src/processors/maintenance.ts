// Housekeeping on a schedule: expired sessions and old login attempts are deleted. Idempotent: running
// it twice deletes nothing more the second time.
import type { Job } from 'bullmq';
import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { MaintenanceJobs } from '../queues.ts';

export interface MaintenanceDeps {
  db: Db;
  sessionIdleMinutes: number;
}

export async function purgeExpiredSessions(
  deps: MaintenanceDeps,
  data: MaintenanceJobs['purge-expired-sessions'],
) {
  const idleCutoff = sql`now() - make_interval(mins => ${deps.sessionIdleMinutes})`;
  const sessions = await deps.db
    .delete(schema.sessions)
    .where(or(lt(schema.sessions.expiresAt, sql`now()`), lt(schema.sessions.lastSeenAt, idleCutoff)))
    .returning({ id: schema.sessions.id });
  const attempts = await deps.db
    .delete(schema.loginAttempts)
    .where(
      lt(
        schema.loginAttempts.createdAt,
        sql`now() - make_interval(days => ${data.loginAttemptRetentionDays})`,
      ),
    )
    .returning({ id: schema.loginAttempts.id });
  return { sessions: sessions.length, loginAttempts: attempts.length };
}

export function maintenanceProcessor(deps: MaintenanceDeps) {
  return async (job: Job) => {
    switch (job.name) {
      case 'purge-expired-sessions':
        return purgeExpiredSessions(deps, job.data as MaintenanceJobs['purge-expired-sessions']);
      default:
        throw new Error(`Unknown maintenance job ${job.name}`);
    }
  };
}
