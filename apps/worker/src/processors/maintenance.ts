// Housekeeping on a schedule: expired sessions and old login attempts are deleted, and story-highlight
// archives past their retention. Idempotent: running it twice deletes nothing more the second time.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Job } from 'bullmq';
import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { isTempName } from '@hc/media/temp-then-rename';
import type { MaintenanceJobs } from '@hc/shared/job-contracts';

export interface MaintenanceDeps {
  db: Db;
  sessionIdleMinutes: number;
  /** The media store's folder; without it there are no archives to purge. */
  mediaDir?: string;
}

/** The parent of the per-publisher archive folders (storyHighlightsArchiveDir). */
const STORY_ARCHIVES_ROOT = 'archives/story-highlights';
/** A temp file this old belongs to no running job: the job's own retry would have removed it. */
const STALE_TEMP_MS = 24 * 3600 * 1000;

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

/**
 * Deletes archives older than maxAgeDays (their jobs are removed at the same age, so no link outlives its
 * file for long, and the download route makes a new archive when a finished job's file is gone) and temp
 * files left by killed jobs.
 */
export async function purgeStoryArchives(
  deps: MaintenanceDeps,
  data: MaintenanceJobs['purge-story-archives'],
  now = Date.now(),
) {
  const removed = { archives: 0, tempFiles: 0 };
  if (!deps.mediaDir) return removed;
  const root = path.join(deps.mediaDir, STORY_ARCHIVES_ROOT);
  const publisherDirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const publisherDir of publisherDirs) {
    if (!publisherDir.isDirectory()) continue;
    const dir = path.join(root, publisherDir.name);
    for (const name of await readdir(dir)) {
      const isArchive = name.endsWith('.zip') && !name.startsWith('.');
      const isTemp = isTempName(name);
      if (!isArchive && !isTemp) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info) continue; // removed meanwhile
      const maxAgeMs = isArchive ? data.maxAgeDays * 24 * 3600 * 1000 : STALE_TEMP_MS;
      if (now - info.mtimeMs < maxAgeMs) continue;
      await rm(file, { force: true });
      if (isArchive) removed.archives++;
      else removed.tempFiles++;
    }
  }
  return removed;
}

export function maintenanceProcessor(deps: MaintenanceDeps) {
  return async (job: Job) => {
    switch (job.name) {
      case 'purge-expired-sessions':
        return purgeExpiredSessions(deps, job.data as MaintenanceJobs['purge-expired-sessions']);
      case 'purge-story-archives':
        return purgeStoryArchives(deps, job.data as MaintenanceJobs['purge-story-archives']);
      default:
        throw new Error(`Unknown maintenance job ${job.name}`);
    }
  };
}
