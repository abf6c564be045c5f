// A real y-websocket client (WebsocketProvider with the ws polyfill) for the co-editing suites: gets a
// ticket through the API, connects to /collab/:doc of a listening app, and records how the socket closed.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { COLLAB_PATH, type CollabTicket } from '@hc/shared/api/collab';
import { eventually } from './retry.ts';

type Headers = Record<string, string>;

/** The base ws:// URL of a listening app. */
export function wsBaseOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}${COLLAB_PATH}`;
}

/** POST collab/tickets through inject; the response as it came. */
export function requestTicket(app: FastifyInstance, headers: Headers, doc: string) {
  return app.inject({ method: 'POST', url: '/api/v1/editor/collab/tickets', headers, payload: { doc } });
}

export async function ticketFor(app: FastifyInstance, headers: Headers, doc: string): Promise<CollabTicket> {
  const response = await requestTicket(app, headers, doc);
  if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: CollabTicket }).data;
}

/** A ws WebSocket class that sends this Origin header on the upgrade, as a browser page would. */
export function webSocketWithOrigin(origin: string): typeof WebSocket {
  // WebsocketProvider only ever calls `new WS(url, protocols)`.
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { origin } });
    }
  } as unknown as typeof WebSocket;
}

export interface CollabClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close codes the server sent, in order. */
  closeCodes: number[];
  /** Resolves once the server's state arrived (sync step 2). */
  synced(): Promise<void>;
  destroy(): void;
}

export function connectCollab(
  app: FastifyInstance,
  doc: string,
  ticket: string,
  options: { WebSocket?: typeof WebSocket; ydoc?: Y.Doc } = {},
): CollabClient {
  const ydoc = options.ydoc ?? new Y.Doc();
  const provider = new WebsocketProvider(wsBaseOf(app), doc, ydoc, {
    params: { ticket },
    WebSocketPolyfill: (options.WebSocket ?? WebSocket) as never,
    // Clients in one test process would otherwise sync through a BroadcastChannel, not the server.
    disableBc: true,
    maxBackoffTime: 200,
  });
  const closeCodes: number[] = [];
  provider.on('connection-close', (event) => {
    if (event) closeCodes.push(event.code);
  });
  return {
    doc: ydoc,
    provider,
    closeCodes,
    synced: () =>
      eventually(() => {
        if (!provider.synced)
          throw new Error(`not synced (closed with ${closeCodes.join(', ') || 'nothing'})`);
      }),
    destroy: () => {
      provider.destroy();
      ydoc.destroy();
    },
  };
}

/** A ticket, then a connection that has synced. */
export async function openCollab(
  app: FastifyInstance,
  headers: Headers,
  doc: string,
  options: { WebSocket?: typeof WebSocket; via?: FastifyInstance } = {},
): Promise<CollabClient & { ticket: CollabTicket }> {
  const ticket = await ticketFor(app, headers, doc);
  const client = connectCollab(options.via ?? app, doc, ticket.ticket, options);
  await client.synced();
  return { ...client, ticket };
}
