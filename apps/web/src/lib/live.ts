// The browser's one connection to the live channel (socket.io at /socket.io; its rules are the "Realtime rules" of ARCHITECTURE.md).
// - The session travels in the handshake's auth payload, never in the URL; a new session (login,
//   publisher switch) replaces the connection, signing out closes it.
// - socket.io-client reconnects with backoff (1 s doubling to 10 s, jittered). After a reconnect every
//   query is refetched: pushes sent while the browser was away are lost, what the server holds is not.
//   After the first connect, the queries pushes keep current (meta PUSH_FED) are asked again: one read
//   before this socket joined its rooms missed what was pushed meanwhile.
// - A session that ends while connected (logout elsewhere, expiry, revocation) opens the 401 dialog.
// - socket.io-client is loaded when the first connection opens, not with the app: it is ~9 KiB gzipped
//   of script the first screen would otherwise parse before it paints (the web-vitals bench).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { io as createClient, Socket } from 'socket.io-client';
import type { QueryClient } from '@tanstack/react-query';
import { askAgain } from './ask-again.ts';
import type { ServerToClientEvents } from '@hc/shared/live/events';
import { reportUnauthorized } from './api.ts';
import { readSession, subscribeSession, type StoredSession } from './session.ts';

type LiveSocket = Socket<ServerToClientEvents, Record<string, never>>;
/** 'refused': the server turned the connection down for a reason the user can act on (liveRefusal()). */
export type LiveStatus = 'offline' | 'connecting' | 'connected' | 'refused';

let socket: LiveSocket | null = null;
let connectedSession: StoredSession | null = null;
let status: LiveStatus = 'offline';
let refusal: string | null = null;
const statusListeners = new Set<() => void>();
const eventHandlers = new Map<keyof ServerToClientEvents, Set<(payload: never) => void>>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((l) => l());
}

const isCurrent = (session: StoredSession | null) => {
  const current = readSession();
  return session !== null && current?.email === session.email && current.token === session.token;
};

function open(session: StoredSession, queryClient: QueryClient) {
  connectedSession = session;
  setStatus('connecting');
  import('socket.io-client').then(
    ({ io }) => {
      // Closed or replaced by another session while the client loaded.
      if (connectedSession !== session) return;
      socket = connect(io, session, queryClient);
    },
    () => {
      // The chunk did not load (network): pushes stay off; polls keep their interval.
      if (connectedSession === session) setStatus('offline');
    },
  );
}

function connect(io: typeof createClient, session: StoredSession, queryClient: QueryClient): LiveSocket {
  const client: LiveSocket = io({
    path: '/socket.io',
    auth: { email: session.email, token: session.token },
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
  });
  let wasConnected = false;
  client.on('connect', () => {
    refusal = null;
    setStatus('connected');
    void askAgainOnConnect(queryClient, wasConnected);
    wasConnected = true;
  });
  client.on('disconnect', () => setStatus(client.active ? 'connecting' : 'offline'));
  client.on('connect_error', (error: Error & { data?: { status?: number } }) => {
    // The handshake refused the session: the same 401 as a REST call (unless the user moved on).
    if (error.data?.status === 401 && isCurrent(session)) reportUnauthorized();
    // Too many live connections: the server says which limit and what to do; the user is told, and a
    // reload (after closing other tabs) tries again.
    if (error.data?.status === 429 && !client.active) {
      refusal = error.message;
      setStatus('refused');
      return;
    }
    setStatus(client.active ? 'connecting' : 'offline');
  });
  client.on('session_ended', () => {
    // A publisher switch ends the old session after the browser already holds the new one.
    if (isCurrent(session)) reportUnauthorized();
  });
  for (const [event, handlers] of eventHandlers) {
    client.on(event, ((payload: never) => handlers.forEach((h) => h(payload))) as never);
  }
  return client;
}

/** The `meta` of a query whose cached answer pushes keep current (counts, lock holders, job states). */
export const PUSH_FED = { pushFed: true } as const;

/** What a connect asks again: everything after a reconnect, the push-fed queries after the first. */
export function askAgainOnConnect(queryClient: QueryClient, reconnect: boolean): Promise<void> {
  if (reconnect) return queryClient.invalidateQueries();
  return askAgain(queryClient, { predicate: (query) => query.meta?.pushFed === true });
}

function close() {
  socket?.disconnect();
  socket = null;
  connectedSession = null;
  setStatus('offline');
}

/** Follows the stored session: one connection per session, none when signed out. */
function sync(queryClient: QueryClient) {
  const session = readSession();
  if (session && isCurrent(connectedSession)) return;
  close();
  if (session) open(session, queryClient);
}

/** Mounted once by the signed-in shell. */
export function useLiveConnection(queryClient: QueryClient): void {
  useEffect(() => {
    sync(queryClient);
    const unsubscribe = subscribeSession(() => sync(queryClient));
    return () => {
      unsubscribe();
      close();
    };
  }, [queryClient]);
}

/** Calls the handler for every push of the event while the component is mounted. */
export function useLiveEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  // The latest handler without resubscribing on every render.
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward = ((payload: never) => (latest.current as (p: never) => void)(payload)) as (
      payload: never,
    ) => void;
    let handlers = eventHandlers.get(event);
    if (!handlers) {
      const created = new Set<(payload: never) => void>();
      handlers = created;
      eventHandlers.set(event, created);
      socket?.on(event, ((payload: never) => created.forEach((h) => h(payload))) as never);
    }
    handlers.add(forward);
    return () => void handlers.delete(forward);
  }, [event]);
}

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
};

/** Whether pushes are arriving; polls fall back to their interval while they are not. */
export const liveStatus = (): LiveStatus => status;

/** Why the server refused the live connection, while the status is 'refused'. */
export const liveRefusal = (): string | null => refusal;

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, liveStatus, liveStatus);
}
