// Co-editing within budgets: a change that would make a document larger than its cap is refused and the
// document stays as it was; a message past the size cap is refused before it is read; a socket that
// floods is cut off; presence states past their size or count never reach the others; a stored document
// already past the cap is not sent to anyone. Real y-websocket clients and raw sockets on a listening app.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { COLLAB_CLOSE, COLLAB_LIMITS, collabDocName } from '@hc/shared/api/collab';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import {
  connectCollab,
  openCollab,
  ticketFor,
  webSocketWithOrigin,
  wsBaseOf,
  type CollabClient,
} from '../support/collab-client.ts';
import {
  buildHighlights,
  buildPackage,
  buildPublisher,
  buildUser,
  TEST_PASSWORD,
} from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { CollabStore } from '../../apps/server/src/features/collab/store.ts';

const ORIGIN = 'https://console.example';
const WithOrigin = webSocketWithOrigin(ORIGIN);

let t: TestApp;
let publisherId: number;
let editorA: Record<string, string>;
let editorB: Record<string, string>;
let highlightIds: number[];
const clients: CollabClient[] = [];
const sockets: WebSocket[] = [];

const track = <C extends CollabClient>(client: C): C => {
  clients.push(client);
  return client;
};

async function newPackageDoc() {
  const row = await buildPackage(t.ctx.db, publisherId, { highlightIds });
  return collabDocName.package(row.embedId);
}

/** Text that Yjs cannot store in fewer bytes than it has. */
const filler = (bytes: number, seed: string) => `${seed}:`.padEnd(bytes, 'abcdefghij');

/** A raw socket on the document with a fresh ticket; resolves once it is open, records its close. */
async function rawSocket(headers: Record<string, string>, doc: string) {
  const { ticket } = await ticketFor(t.app, headers, doc);
  const socket = new WebSocket(`${wsBaseOf(t.app)}/${doc}?ticket=${ticket}`, { headers: { origin: ORIGIN } });
  sockets.push(socket);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => undefined); // a refused socket also errors; its close code is what is checked
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed };
}

const syncUpdate = (update: Uint8Array) => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0); // sync
  encoding.writeVarUint(encoder, 2); // update
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
};

const awarenessMessage = (update: Uint8Array) => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
};

/** An awareness update announcing a state for each client id, at one clock. */
function presenceUpdate(entries: [number, unknown][], clock = 1) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const [clientId, state] of entries) {
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, JSON.stringify(state));
  }
  return encoding.toUint8Array(encoder);
}

beforeAll(async () => {
  t = await startTestApp({ CONSOLE_ORIGINS: ORIGIN }, { collab: { idleMs: 300 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  publisherId = (await buildPublisher(t.ctx.db)).id;
  highlightIds = (await buildHighlights(t.ctx.db, publisherId, 2)).map((h) => h.id);
  const session = async () => {
    const user = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
    return authOf(await login(t.app, user.email, TEST_PASSWORD));
  };
  editorA = await session();
  editorB = await session();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  for (const socket of sockets.splice(0)) socket.terminate();
});

afterAll(async () => {
  await t?.close();
});

describe('document size', () => {
  it('refuses a change past the cap with 4413, keeps the document as it was and the others connected', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc, { WebSocket: WithOrigin }));
    const b = track(await openCollab(t.app, editorB, doc, { WebSocket: WithOrigin }));
    const first = filler(200 * 1024, 'first');
    a.doc.getText('notes').insert(0, first);
    await eventually(() => expect(b.doc.getText('notes').length).toBe(first.length));

    // Together past the cap: refused, and the editor that sent it is told why.
    a.doc.getText('notes').insert(0, filler(COLLAB_LIMITS.documentBytes - 100 * 1024, 'second'));
    await eventually(() => expect(a.closeCodes).toContain(COLLAB_CLOSE.tooLarge));
    expect(a.provider.shouldConnect).toBe(false); // final: no reconnect sends it again

    // The other editor kept the document as it was, and still edits with a newcomer.
    expect(b.doc.getText('notes').toString()).toBe(first);
    const c = track(await openCollab(t.app, editorB, doc, { WebSocket: WithOrigin }));
    expect(c.doc.getText('notes').toString()).toBe(first);
    b.doc.getText('notes').insert(0, 'ok ');
    await eventually(() => expect(c.doc.getText('notes').toString()).toBe(`ok ${first}`));
    expect(b.closeCodes).toEqual([]);

    // And the database holds exactly that.
    await eventually(async () => {
      const stored = new Y.Doc();
      const state = await new CollabStore(t.ctx.db).load(doc);
      if (state) Y.applyUpdate(stored, state);
      expect(stored.getText('notes').toString()).toBe(`ok ${first}`);
    });
  });

  it('takes a change that repeats what the document holds, even when the two together look past the cap', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc, { WebSocket: WithOrigin }));
    const near = filler(COLLAB_LIMITS.documentBytes - 64 * 1024, 'near');
    a.doc.getText('notes').insert(0, near);
    const b = track(await openCollab(t.app, editorB, doc, { WebSocket: WithOrigin }));
    await eventually(() => expect(b.doc.getText('notes').length).toBe(near.length));
    // What a reconnecting editor's sync can carry: the whole document again, plus a new word.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(a.doc));
    copy.getText('notes').insert(0, 'again ');
    const { socket } = await rawSocket(editorA, doc);
    socket.send(syncUpdate(Y.encodeStateAsUpdate(copy)));
    await eventually(() => expect(b.doc.getText('notes').toString()).toBe(`again ${near}`));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    expect(a.closeCodes).toEqual([]);
  });

  it('sends no one a stored document that is already past the cap (4413), and leaves it stored', async () => {
    const doc = await newPackageDoc();
    const big = new Y.Doc();
    big.getText('notes').insert(0, filler(COLLAB_LIMITS.documentBytes + 1024, 'old'));
    const store = new CollabStore(t.ctx.db);
    await store.append(doc, [Y.encodeStateAsUpdate(big)]);
    const ticket = await ticketFor(t.app, editorA, doc);
    const client = track(connectCollab(t.app, doc, ticket.ticket, { WebSocket: WithOrigin }));
    await eventually(() => expect(client.closeCodes).toContain(COLLAB_CLOSE.tooLarge));
    expect(client.provider.synced).toBe(false);
    expect(await store.rowCount(doc)).toBe(1);
  });

  it('refuses a message past the message cap from its header (1009), with nothing stored', async () => {
    const doc = await newPackageDoc();
    const { socket, closed } = await rawSocket(editorA, doc);
    const huge = new Y.Doc();
    huge.getText('notes').insert(0, filler(COLLAB_LIMITS.messageBytes + 1024, 'huge'));
    socket.send(syncUpdate(Y.encodeStateAsUpdate(huge)));
    expect(await closed).toBe(1009);
    expect(await new CollabStore(t.ctx.db).rowCount(doc)).toBe(0);
  });
});

describe('rates', () => {
  it('cuts off a socket that sends more messages than its budget (4429)', async () => {
    const doc = await newPackageDoc();
    const { socket, closed } = await rawSocket(editorA, doc);
    const query = new Uint8Array([3]); // "who is here?": valid, cheap, answered every time
    for (let i = 0; i < COLLAB_LIMITS.messagesBurst + 50; i += 1) socket.send(query);
    expect(await closed).toBe(COLLAB_CLOSE.tooFast);
  });

  it('cuts off a socket that sends more bytes than its budget, however few its messages (4429)', async () => {
    const doc = await newPackageDoc();
    const { socket, closed } = await rawSocket(editorA, doc);
    // Presence states too large to be kept (dropped, not refused): only the byte budget stops them.
    const size = COLLAB_LIMITS.messageBytes - 1024;
    const message = awarenessMessage(presenceUpdate([[1, { pad: 'x'.repeat(size - 64) }]]));
    const count = Math.ceil(COLLAB_LIMITS.inboundBytesBurst / message.byteLength) + 2;
    for (let i = 0; i < count; i += 1) socket.send(message);
    expect(await closed).toBe(COLLAB_CLOSE.tooFast);
  });
});

describe('presence', () => {
  it('never relays a state past the size cap, nor more ids than a socket may hold', async () => {
    const doc = await newPackageDoc();
    const watcher = track(await openCollab(t.app, editorB, doc, { WebSocket: WithOrigin }));
    const { socket } = await rawSocket(editorA, doc);
    const ids = [9001, 9002, 9003, 9004, 9005, 9006];
    socket.send(
      awarenessMessage(
        presenceUpdate([
          [9000, { user: { name: 'big' }, pad: 'x'.repeat(COLLAB_LIMITS.presenceStateBytes) }],
          ...ids.map((id): [number, unknown] => [id, { user: { name: `id ${id}` } }]),
        ]),
      ),
    );
    const seen = () =>
      [...watcher.provider.awareness.getStates().keys()].filter((id) => id >= 9000 && id < 9100);
    await eventually(() => expect(seen().length).toBe(COLLAB_LIMITS.presenceIdsPerSocket));
    expect(seen()).not.toContain(9000);
    expect(seen().sort()).toEqual(ids.slice(0, COLLAB_LIMITS.presenceIdsPerSocket));
    // Its own ids stay renewable: announcing a kept one again is taken.
    socket.send(awarenessMessage(presenceUpdate([[9001, { user: { name: 'renamed' } }]], 2)));
    await eventually(() => {
      const state = watcher.provider.awareness.getStates().get(9001) as { user: { name: string } };
      expect(state.user.name).toBe('renamed');
    });
  });
});
