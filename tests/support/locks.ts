// Task locks in integration tests: every action on a vertical task or a review article must
// present its live lease, so tests open the task first, as the web does.
import type { FastifyInstance } from 'fastify';
import type { TaskLock } from '@hc/shared/api/locks';
import type { LockKind } from '@hc/shared/live/events';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';

type Headers = Record<string, string>;

/** Takes the lease of the task for the session (it must be free or the caller's); returns the lease. */
export async function takeLock(
  app: FastifyInstance,
  auth: Headers,
  kind: LockKind,
  id: number,
): Promise<TaskLock> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/editor/${lockPath(kind, id)}`,
    headers: auth,
  });
  if (response.statusCode !== 200) throw new Error(`lock refused: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: TaskLock }).data;
}

/** The session's headers plus x-lock-fence of a freshly taken lease: what an action on the task sends. */
export async function withLock(
  app: FastifyInstance,
  auth: Headers,
  kind: LockKind,
  id: number,
): Promise<Headers> {
  const lock = await takeLock(app, auth, kind, id);
  return { ...auth, [LOCK_FENCE_HEADER]: String(lock.fence) };
}

/**
 * The headers of an action as the web sends it: the task opened first, its fence in x-lock-fence. When
 * the session cannot open it (no session, no role, another publisher's or a missing task, someone else
 * holding it), the headers go without a fence and the action itself answers why.
 */
export async function actionHeaders(
  app: FastifyInstance,
  auth: Headers,
  kind: LockKind,
  id: number | null,
): Promise<Headers> {
  if (id === null) return auth;
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/editor/${lockPath(kind, id)}`,
    headers: auth,
  });
  if (response.statusCode !== 200) return auth;
  const lock = (response.json() as { data: TaskLock }).data;
  return { ...auth, [LOCK_FENCE_HEADER]: String(lock.fence) };
}
