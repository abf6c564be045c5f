// Co-editing against real server processes (the fault suites): a server started as production starts it,
// a failover proxy in front so clients keep one address across a restart, and y-websocket editors that
// fetch a fresh ticket through that address for every connection (processes.ts), as the web does.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { COLLAB_PATH } from '@hc/shared/api/collab';
import type { Db } from '@hc/db/client';
import { CollabStore } from '../../apps/server/src/features/collab/store.ts';
import { TEST_PASSWORD } from './factories.ts';
import { ticketedWebSocket } from './processes.ts';
import { redisUrl } from './services.ts';

export type Session = Record<string, string>;

/** The environment of a collab server process on `databaseUrl`: no worker, no seed, no web build. */
export async function collabServerEnv(databaseUrl: string): Promise<Record<string, string>> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'hc-faults-')),
    LOG_LEVEL: 'info',
    RUN_WORKER: 'false',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
  };
}

/** Logs in through `baseUrl`; the session headers. */
export async function loginAt(baseUrl: string, email: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return { 'x-user-email': email, 'x-user-token': data.token };
}

export interface Editor {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close codes the server sent, in order. */
  closeCodes: number[];
  destroy(): void;
}

/**
 * An editor of `docName` through `baseUrl` (a proxy): every connection, a reconnect included, asks that
 * address for a fresh ticket first; while no server answers, the provider keeps retrying.
 */
export function openEditor(baseUrl: string, session: Session, docName: string, ydoc = new Y.Doc()): Editor {
  const fetchTicket = async () => {
    const response = await fetch(`${baseUrl}/api/v1/editor/collab/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session },
      body: JSON.stringify({ doc: docName }),
    });
    if (response.status !== 200) throw new Error(`ticket refused: ${response.status}`);
    return ((await response.json()) as { data: { ticket: string } }).data.ticket;
  };
  const provider = new WebsocketProvider(`${baseUrl.replace('http', 'ws')}${COLLAB_PATH}`, docName, ydoc, {
    WebSocketPolyfill: ticketedWebSocket(fetchTicket) as never,
    disableBc: true,
    maxBackoffTime: 300,
  });
  const closeCodes: number[] = [];
  provider.on('connection-close', (event) => {
    if (event) closeCodes.push(event.code);
  });
  return {
    doc: ydoc,
    provider,
    closeCodes,
    destroy: () => {
      provider.destroy();
      ydoc.destroy();
    },
  };
}

/** The document as the database holds it now (every row merged, as the server loads it). */
export async function storedDoc(db: Db, docName: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  const state = await new CollabStore(db).load(docName);
  if (state) Y.applyUpdate(doc, state);
  return doc;
}

/** A small seeded generator (mulberry32): a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
