// What a forwarded call that succeeded means for this console's own live channel. The upstream pushes to
// its own sockets only; browsers connected here learn of changes from the calls they make through here.
// The lists mirror the local features: where they call ctx.live.countsChanged / lockChanged / endSession.
import { taskLockSchema } from '@hc/shared/api/locks';
import { LOCK_FENCE_HEADER } from '@hc/shared/live/locks';
import type { LockChangedEvent } from '@hc/shared/live/events';
import { z } from 'zod';

const EDITOR = '/api/v1/editor';

/** Calls after which pending counts moved (vertical and review actions). */
const COUNTS_CHANGING: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/vertical_video\/(approve|reject|create|update)$/ },
  { method: 'POST', path: /^\/highlights\/submit_feedback$/ },
];

/** Task-lock calls: their answer is the lease as it is now. */
const LOCK_CALL = /^\/(vertical_tasks|articles)\/\d+\/lock(\/heartbeat|\/break)?$/;

/** Actions that free the caller's lease when they succeed (create and update keep it). */
const LEASE_FREEING: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/vertical_video\/(approve|reject)$/ },
  { method: 'POST', path: /^\/highlights\/submit_feedback$/ },
];

export type ForwardEffect =
  | { kind: 'counts' }
  | { kind: 'lock' }
  | { kind: 'counts-and-freed-lease' }
  | { kind: 'session-ended'; reason: 'logout' | 'revoked' };

/** The effect of a call by method and path (without the query string), or null for none. */
export function effectOf(
  method: string,
  pathname: string,
  headers: Record<string, unknown>,
): ForwardEffect | null {
  if (!pathname.startsWith(`${EDITOR}/`)) return null;
  const path = pathname.slice(EDITOR.length);
  if (method === 'POST' && path === '/auth/logout') return { kind: 'session-ended', reason: 'logout' };
  if (method === 'GET' && path === '/auth/set_publisher') return { kind: 'session-ended', reason: 'revoked' };
  if ((method === 'POST' || method === 'DELETE') && LOCK_CALL.test(path)) return { kind: 'lock' };
  const freesLease =
    headers[LOCK_FENCE_HEADER] !== undefined &&
    LEASE_FREEING.some((c) => c.method === method && c.path.test(path));
  if (freesLease) return { kind: 'counts-and-freed-lease' };
  if (COUNTS_CHANGING.some((c) => c.method === method && c.path.test(path))) return { kind: 'counts' };
  return null;
}

/** Whether the effect needs the answer's body (small JSON, then read whole instead of streamed). */
export const needsAnswer = (effect: ForwardEffect | null) =>
  effect?.kind === 'lock' || effect?.kind === 'counts-and-freed-lease';

const lockAnswer = z.object({ data: taskLockSchema });

/** The lock change a lock call's answer announces. */
export function lockChangeOf(answer: unknown): LockChangedEvent | null {
  const parsed = lockAnswer.safeParse(answer);
  if (!parsed.success) return null;
  const { kind, id, holder_email, expires_at } = parsed.data.data;
  return { kind, id, holder_email, expires_at };
}

const freedByAnswer = z.union([
  z.object({ data: z.object({ task: z.object({ video_id: z.number(), publisher_id: z.number() }) }) }),
  z.object({ data: z.object({ article_id: z.number() }) }),
]);

/** The lease an approve, reject or submit freed, read from its answer (publisher when the answer says it). */
export function freedLeaseOf(
  answer: unknown,
): { event: LockChangedEvent; publisherId: number | null } | null {
  const parsed = freedByAnswer.safeParse(answer);
  if (!parsed.success) return null;
  const data = parsed.data.data;
  const free = { holder_email: null, expires_at: null };
  if ('task' in data) {
    return {
      event: { kind: 'vertical_task', id: data.task.video_id, ...free },
      publisherId: data.task.publisher_id,
    };
  }
  return { event: { kind: 'article', id: data.article_id, ...free }, publisherId: null };
}
