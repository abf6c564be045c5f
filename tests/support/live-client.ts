// socket.io clients of the live channel for integration tests: connect as a session, wait for events.
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import type { ServerToClientEvents } from '@hc/shared/live/events';

export type LiveClient = Socket<ServerToClientEvents, Record<string, never>>;

/** The base URL of an app listening on a random local port (listens on first use). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export interface ConnectOptions {
  auth?: Record<string, unknown>;
  query?: Record<string, string>;
  origin?: string;
}

/** A connected client, or the connect_error's message and data when the handshake is refused. */
export function connectLive(url: string, options: ConnectOptions): Promise<LiveClient> {
  const socket: LiveClient = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.auth ?? {},
    query: options.query ?? {},
    extraHeaders: options.origin ? { origin: options.origin } : {},
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      socket.close();
      reject(error);
    });
  });
}

/** Connects with a login's headers ({'x-user-email', 'x-user-token'}). */
export const connectAs = (url: string, session: { 'x-user-email': string; 'x-user-token': string }) =>
  connectLive(url, { auth: { email: session['x-user-email'], token: session['x-user-token'] } });

/** Every payload of an event the client receives from now on. */
export function collect<E extends keyof ServerToClientEvents>(
  socket: LiveClient,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event as 'lock_changed', ((payload: never) => received.push(payload)) as never);
  return received;
}

/** Resolves when the socket is disconnected by the server (with the reason), or fails after `ms`. */
export function disconnection(socket: LiveClient, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error('not disconnected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
