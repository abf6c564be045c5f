// Exclusive task locks (one holder a task, lapsing by itself): a reviewer who opens a vertical task or a
// review article takes a lease stored with the row in PostgreSQL. The lease lapses unless renewed by a
// heartbeat; each acquisition increments the row's fencing number, and every action on the task sends the
// number it was granted (header x-lock-fence) so a holder whose lease lapsed or was taken cannot write. Kept
// free of zod so the browser's HTTP client can import it cheaply.
import type { LockKind } from './events.ts';

/** How long a lease lasts without a heartbeat (the server's default; tests may shorten it). */
export const LEASE_SECONDS = 30;

/** How often an open task renews its lease: three heartbeats fit in one lease. */
export const HEARTBEAT_SECONDS = 10;

/** The request header carrying the fencing number on approve, reject, create, update, submit_feedback. */
export const LOCK_FENCE_HEADER = 'x-lock-fence';

export const LOCK_KINDS = ['vertical_task', 'article'] as const satisfies readonly LockKind[];

/** What a reviewer is told when a lock stands in the way. */
export const lockMessages = {
  /** Someone else holds a live lease on the task. */
  heldBy: (email: string) => `This task is being reviewed by ${email}.`,
  /** The caller's lease lapsed or was taken over (a stale or unknown fencing number). */
  lost: 'Your lock on this task expired or was taken over: open it again.',
  /** An action sent without a fencing number. */
  required: 'Open this task before acting on it: the action needs your lock on the task.',
  /** A break by someone who is not an admin. */
  breakAdminsOnly: 'Only an admin can break a lock.',
} as const;

/** The URL path of a task's lock under /api/v1/editor (without a leading slash). */
export const lockPath = (kind: LockKind, id: number) =>
  kind === 'vertical_task' ? `vertical_tasks/${id}/lock` : `articles/${id}/lock`;
