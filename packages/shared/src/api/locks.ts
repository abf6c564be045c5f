// The task-lock calls: take, renew, release and break the lease of a vertical task
// (vertical_tasks/:video_id/lock) or a review article (articles/:id/lock). See live/locks.ts.
import { z } from 'zod';
import { LOCK_KINDS } from '../live/locks.ts';

/** A fencing number: it only grows (0 before the first acquisition). */
export const fenceSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const verticalTaskLockParamsSchema = z.object({
  video_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const articleLockParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Heartbeat body; release takes it as the body or the query (a keepalive fetch on pagehide). */
export const lockFenceSchema = z.object({ fence: fenceSchema });
export const optionalLockFenceSchema = z.object({ fence: fenceSchema.optional() }).nullish();

/** A lease as the lock calls answer it. */
export const taskLockSchema = z.object({
  kind: z.enum(LOCK_KINDS),
  id: z.number(),
  /** The fencing number to send with every action while the lease lives (0 once released). */
  fence: z.number(),
  /** ISO time the lease lapses unless renewed; null once released. */
  expires_at: z.string().nullable(),
  /** The holder's e-mail; null once released. */
  holder_email: z.string().nullable(),
});
export type TaskLock = z.infer<typeof taskLockSchema>;

/** Extra fields of the list rows (vertical_tasks, articles/pending_review): who holds the row now. */
export const lockedByFields = {
  /** The e-mail of the holder of a live lease, else null. */
  locked_by: z.string().nullable(),
  /** ISO time that lease lapses unless renewed, else null. */
  lock_expires_at: z.string().nullable(),
};
