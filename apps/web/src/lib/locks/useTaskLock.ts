// The lease of the task a screen has open: taken when it opens, renewed by a
// heartbeat while it stays open, freed when it closes, and on the way out of a closing tab by a keepalive
// fetch. A tab that crashes frees nothing: the lease lapses on the server by itself.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LockKind } from '@hc/shared/live/events';
import { HEARTBEAT_SECONDS } from '@hc/shared/live/locks';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../api.ts';
import { acquireLock, releaseLock, releaseLockOnExit, renewLock } from './api/task-lock.ts';
import { heartbeatDelayMs } from './lockRows.ts';

export type TaskLockState =
  /** No task, or the lease was handed back (release()). */
  | { status: 'idle' }
  | { status: 'acquiring' }
  | { status: 'held'; fence: number; expiresAt: string | null }
  /** Someone else holds a live lease (the server's 'This task is being reviewed by {email}.'). */
  | { status: 'refused'; message: string }
  /** A heartbeat found the lease lapsed or taken over: actions would be refused. */
  | { status: 'lost'; message: string }
  /** The lease could not be asked for (the task is gone, no network, ...). */
  | { status: 'failed'; message: string };

export interface TaskLock {
  state: TaskLockState;
  /** The fencing number to send with each action while the lease is held, else null. */
  fence: number | null;
  /** Frees the lease now and stops renewing it (the task is finished with). */
  release(): void;
  /** Asks for the lease again (after a refusal, a loss or a failure). */
  retry(): void;
  /** An action was refused for the lease (a 409 naming it): stop renewing and say why. */
  lose(message: string): void;
}

/** Retry a heartbeat that met no server this soon; the lease outlives a few of those. */
const OFFLINE_RETRY_MS = 2_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : messages.somethingWentWrong);

/**
 * Holds the lease of `kind` `id` while the calling component is mounted and `id` is set. The state
 * machine: acquiring → held (renewed every HEARTBEAT_SECONDS) | refused | failed; held → lost (a
 * heartbeat's 409) | idle (release()).
 */
export function useTaskLock(kind: LockKind, id: number | null): TaskLock {
  // The state with the task it is about: for one render after `id` changes it still names the old one.
  const [current, setCurrent] = useState<{ id: number | null; state: TaskLockState }>({
    id,
    state: { status: id === null ? 'idle' : 'acquiring' },
  });
  const [attempt, setAttempt] = useState(0);
  // The running lease's hand-back, so release() can end it from outside the effect.
  const stopRef = useRef<((lostWith?: string) => void) | null>(null);

  useEffect(() => {
    const setState = (next: TaskLockState) => setCurrent({ id, state: next });
    if (id === null) {
      setState({ status: 'idle' });
      return;
    }
    let ended = false;
    let fence: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPageHide = () => {
      if (fence !== null) releaseLockOnExit(kind, id, fence);
    };

    const stop = (release: boolean) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', onPageHide);
      if (release && fence !== null) void releaseLock(kind, id, fence).catch(() => undefined);
      fence = null;
    };

    const beat = (expiresAt: string | null) => {
      timer = setTimeout(
        () => {
          if (ended || fence === null) return;
          renewLock(kind, id, fence).then(
            (lease) => {
              if (ended) return;
              setState({ status: 'held', fence: lease.fence, expiresAt: lease.expires_at });
              beat(lease.expires_at);
            },
            (error: unknown) => {
              if (ended) return;
              if (error instanceof ApiError && error.status === 0) {
                // No answer: the lease may still be alive; the next heartbeat that arrives decides.
                timer = setTimeout(() => beat(expiresAt), OFFLINE_RETRY_MS);
                return;
              }
              fence = null;
              stop(false);
              setState({ status: 'lost', message: messageOf(error) });
            },
          );
        },
        heartbeatDelayMs(expiresAt, Date.now(), HEARTBEAT_SECONDS * 1000),
      );
    };

    setState({ status: 'acquiring' });
    acquireLock(kind, id).then(
      (lease) => {
        fence = lease.fence;
        // Unmounted while asking: hand the lease straight back.
        if (ended) {
          void releaseLock(kind, id, lease.fence).catch(() => undefined);
          return;
        }
        window.addEventListener('pagehide', onPageHide);
        setState({ status: 'held', fence: lease.fence, expiresAt: lease.expires_at });
        beat(lease.expires_at);
      },
      (error: unknown) => {
        if (ended) return;
        ended = true;
        const refused = error instanceof ApiError && error.status === 409;
        setState({ status: refused ? 'refused' : 'failed', message: messageOf(error) });
      },
    );

    stopRef.current = (lostWith) => {
      stop(lostWith === undefined);
      setState(lostWith === undefined ? { status: 'idle' } : { status: 'lost', message: lostWith });
    };
    return () => {
      stopRef.current = null;
      stop(true);
    };
  }, [kind, id, attempt]);

  // A page brought back from the back-forward cache released its lease on the way out: take it again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setAttempt((n) => n + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const release = useCallback(() => stopRef.current?.(), []);
  const lose = useCallback((message: string) => stopRef.current?.(message), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: TaskLockState =
    current.id === id ? current.state : { status: id === null ? 'idle' : 'acquiring' };
  return { state, fence: state.status === 'held' ? state.fence : null, release, retry, lose };
}
