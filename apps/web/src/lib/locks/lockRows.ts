// Who holds which row of a list, worked out in plain functions: the lists read `locked_by` and
// `lock_expires_at` from the server's rows and apply the `lock_changed` events pushed after.
import type { LockChangedEvent } from '@hc/shared/live/events';
import { lockMessages } from '@hc/shared/live/locks';

/** The lock fields the list calls add to their rows (packages/shared/src/api/locks.ts). */
export interface LockFields {
  locked_by?: string | null;
  lock_expires_at?: string | null;
}

/** A heartbeat never waits below this, whatever the lease's length. */
const MIN_HEARTBEAT_MS = 1_000;

/**
 * How long to wait before renewing a lease that lapses at `expiresAt`: the usual interval, or a third
 * of what is left when the lease is shorter (a server configured with a short lease for tests).
 */
export function heartbeatDelayMs(expiresAt: string | null, now: number, intervalMs: number): number {
  const left = expiresAt === null ? Number.NaN : Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return intervalMs;
  return Math.round(Math.min(intervalMs, Math.max(MIN_HEARTBEAT_MS, left / 3)));
}

/**
 * The e-mail of the user who holds the row's live lease when that is not `me`, else null: a lease of
 * mine (another tab) or one that has lapsed does not keep me out.
 */
export function heldByOther(row: LockFields, me: string, now: number): string | null {
  const holder = row.locked_by;
  if (!holder || holder.toLowerCase() === me.toLowerCase()) return null;
  const expires = row.lock_expires_at ? Date.parse(row.lock_expires_at) : Number.NaN;
  return Number.isNaN(expires) || expires > now ? holder : null;
}

/** The rows with the event's lease applied to the row it names; the same array when none matches. */
export function withLockChange<T extends LockFields>(
  rows: T[],
  idOf: (row: T) => number,
  event: Pick<LockChangedEvent, 'id' | 'holder_email' | 'expires_at'>,
): T[] {
  if (!rows.some((row) => idOf(row) === event.id)) return rows;
  return rows.map((row) =>
    idOf(row) === event.id
      ? { ...row, locked_by: event.holder_email, lock_expires_at: event.expires_at }
      : row,
  );
}

/** The earliest lapse of a lease held by someone else, to redraw the list when it comes; else null. */
export function nextLockLapse(rows: readonly LockFields[], me: string, now: number): number | null {
  let next: number | null = null;
  for (const row of rows) {
    if (!heldByOther(row, me, now) || !row.lock_expires_at) continue;
    const at = Date.parse(row.lock_expires_at);
    if (next === null || at < next) next = at;
  }
  return next;
}

/**
 * The row to open after `doneId` was finished: the first one after it in the list's order that nobody
 * else holds, else the first such one before it; null when every other row is held.
 */
export function nextFreeRow<T extends LockFields>(
  rows: readonly T[],
  idOf: (row: T) => number,
  doneId: number,
  me: string,
  now: number,
): T | null {
  const at = rows.findIndex((row) => idOf(row) === doneId);
  const ordered = at < 0 ? rows : [...rows.slice(at + 1), ...rows.slice(0, at)];
  return ordered.find((row) => idOf(row) !== doneId && heldByOther(row, me, now) === null) ?? null;
}

/** The server's 'held by' refusal without its e-mail and last character (the wording lives in shared). */
const HELD_BY_PREFIX = lockMessages.heldBy('').slice(0, -1);

/** Whether an action's error is the server refusing it for the lease (rather than for the task itself). */
export function isLockRefusal(message: string): boolean {
  if (message === lockMessages.lost || message === lockMessages.required) return true;
  const holder = message.slice(HELD_BY_PREFIX.length, -1);
  return message.startsWith(HELD_BY_PREFIX) && holder !== '' && message === lockMessages.heldBy(holder);
}
