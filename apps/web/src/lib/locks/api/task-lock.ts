// The task-lock calls (packages/shared/src/live/locks.ts): take, renew, release and break the
// lease of a vertical task or a review article, and the release a closing tab sends on its way out.
import { useMutation } from '@tanstack/react-query';
import type { LockKind } from '@hc/shared/live/events';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';
import type { TaskLock } from '@hc/shared/api/locks';
import { API, authHeaders, buildUrl, editorApi } from '../../api.ts';

/**
 * This tab's lock calls on one task, one after the other. Two calls in flight at once could reach the
 * server in either order: a release of an older acquisition landing after a newer one (a screen closed
 * and opened again at once, or React's development double mount) would take the newer fence with it
 * when the acquisitions had swapped places.
 */
const queues = new Map<string, Promise<unknown>>();
function inTurn<T>(kind: LockKind, id: number, call: () => Promise<T>): Promise<T> {
  const key = `${kind}:${id}`;
  const next = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(call);
  queues.set(key, next);
  // The queue forgets the task once its last call has settled.
  const forget = () => {
    if (queues.get(key) === next) queues.delete(key);
  };
  next.then(forget, forget);
  return next;
}

/** POST .../lock: the lease, or ApiError 409 'This task is being reviewed by {email}.'. */
export const acquireLock = (kind: LockKind, id: number): Promise<TaskLock> =>
  inTurn(kind, id, () => editorApi<TaskLock>(lockPath(kind, id), { method: 'POST' }));

/** POST .../lock/heartbeat: the renewed lease, or ApiError 409 once it lapsed or was taken over. */
export const renewLock = (kind: LockKind, id: number, fence: number): Promise<TaskLock> =>
  inTurn(kind, id, () =>
    editorApi<TaskLock>(`${lockPath(kind, id)}/heartbeat`, { method: 'POST', body: { fence } }),
  );

/** DELETE .../lock: frees the lease while it is still this fence's. */
export const releaseLock = (kind: LockKind, id: number, fence: number): Promise<TaskLock> =>
  inTurn(kind, id, () => editorApi<TaskLock>(lockPath(kind, id), { method: 'DELETE', query: { fence } }));

/**
 * The release of a page being closed: a keepalive fetch outlives the page and, unlike sendBeacon, carries
 * the auth headers (the token never goes into the URL). Nobody waits for its answer.
 */
export function releaseLockOnExit(kind: LockKind, id: number, fence: number): void {
  void fetch(buildUrl(API.editor, lockPath(kind, id), { fence }), {
    method: 'DELETE',
    headers: authHeaders(),
    keepalive: true,
  }).catch(() => undefined);
}

/** POST .../lock/break (admins): frees the lease whoever holds it. */
export const breakLock = (input: { kind: LockKind; id: number }): Promise<TaskLock> =>
  editorApi<TaskLock>(`${lockPath(input.kind, input.id)}/break`, { method: 'POST' });

export function useBreakLock() {
  return useMutation({ mutationFn: breakLock });
}

/** The header an action on a locked task sends with the fencing number it was granted. */
export const fenceHeaders = (fence: number): Record<string, string> => ({
  [LOCK_FENCE_HEADER]: String(fence),
});

/** An action's input with the fencing number of the lease it acts under. */
export type Fenced<T> = T & { fence: number };

/** The spec's body of a fenced action, and the fencing number as its header (the body stays as specified). */
export function fencedRequest<T extends object>(
  input: Fenced<T>,
): { body: unknown; headers: Record<string, string> } {
  const { fence, ...body } = input;
  return { body, headers: fenceHeaders(fence) };
}
