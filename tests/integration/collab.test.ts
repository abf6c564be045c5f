// Co-editing over y-websocket: real WebsocketProvider clients against listening apps on
// a real database and Redis. Tickets (single use, 30 s, role and publisher checked, read-only where the
// document cannot be changed), the Origin check, convergence of adds, removals and reorders, awareness that
// vanishes on disconnect, read-only sockets, two server processes, a restart, and idle compaction.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { schema } from '@hc/db/schema';
import { COLLAB_CLOSE, COLLAB_TICKET_TTL_SECONDS, collabDocName } from '@hc/shared/api/collab';
import { authOf, login, startPeerApp, startTestApp, type PeerApp, type TestApp } from '../support/app.ts';
import {
  connectCollab,
  openCollab,
  requestTicket,
  ticketFor,
  webSocketWithOrigin,
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
import { buildStory, buildStoryPage } from '../support/story-factories.ts';

const ALLOWED_ORIGIN = 'https://console.example';
const IDLE_MS = 300;

let t: TestApp;
let publisherId: number;
let editorA: Record<string, string>;
let editorB: Record<string, string>;
let editorBEmail: string;
let otherEditor: Record<string, string>;
let storyEditor: Record<string, string>;
let storyNoVideo: Record<string, string>;
let reviewer: Record<string, string>;
let highlightIds: number[];

const clients: CollabClient[] = [];
const peers: PeerApp[] = [];
const track = <C extends CollabClient>(client: C): C => {
  clients.push(client);
  return client;
};

/** The package document's items as the tests shape them: a Y.Array of Y.Map {id, title}. */
const itemsOf = (doc: Y.Doc) => doc.getArray<Y.Map<unknown>>('items');
const titlesOf = (doc: Y.Doc) => itemsOf(doc).map((m) => m.get('title') as string);
const addItem = (doc: Y.Doc, id: number, title: string, index = itemsOf(doc).length) =>
  doc.transact(() => {
    const item = new Y.Map<unknown>();
    item.set('id', id);
    item.set('title', title);
    itemsOf(doc).insert(index, [item]);
  });
/** A reorder is a delete and an insert of the same item (a Y.Map cannot move, so it is rebuilt). */
const moveItem = (doc: Y.Doc, from: number, to: number) =>
  doc.transact(() => {
    const items = itemsOf(doc);
    const source = items.get(from);
    const copy = new Y.Map<unknown>();
    for (const [key, value] of source.entries()) copy.set(key, value);
    items.delete(from, 1);
    items.insert(to, [copy]);
  });

async function newPackageDoc(status: 'Active' | 'Archive' = 'Active', owner = publisherId) {
  const row = await buildPackage(t.ctx.db, owner, {
    highlightIds: owner === publisherId ? highlightIds : [],
    status,
  });
  return collabDocName.package(row.embedId);
}

const rowsOf = async (doc: string) =>
  (await t.ctx.db.select().from(schema.collabUpdates).where(eq(schema.collabUpdates.docName, doc))).length;

/** A real database failure for one document's inserts, until the returned function takes it away. */
async function refuseInserts(doc: string): Promise<() => Promise<void>> {
  await t.ctx.db.execute(
    sql.raw(`create function refuse_collab() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`),
  );
  await t.ctx.db.execute(
    sql.raw(`create trigger refuse_collab before insert on collab_updates for each row
      when (new.doc_name = '${doc}') execute function refuse_collab()`),
  );
  return async () => {
    await t.ctx.db.execute(sql.raw('drop trigger refuse_collab on collab_updates'));
    await t.ctx.db.execute(sql.raw('drop function refuse_collab'));
  };
}

/** The document as the database holds it. */
async function storedDoc(doc: string): Promise<Y.Doc> {
  const rows = await t.ctx.db
    .select()
    .from(schema.collabUpdates)
    .where(eq(schema.collabUpdates.docName, doc));
  const ydoc = new Y.Doc();
  for (const row of rows) Y.applyUpdate(ydoc, row.update);
  return ydoc;
}

beforeAll(async () => {
  t = await startTestApp(
    { CONSOLE_ORIGINS: ALLOWED_ORIGIN },
    { collab: { idleMs: IDLE_MS, sessionRecheckMs: 200 } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const publisher = await buildPublisher(t.ctx.db);
  const other = await buildPublisher(t.ctx.db);
  publisherId = publisher.id;
  highlightIds = (await buildHighlights(t.ctx.db, publisherId, 3)).map((h) => h.id);
  const make = async (owner: number, roles: Parameters<typeof buildUser>[1]['roles']) => {
    const user = await buildUser(t.ctx.db, { publisherId: owner, roles });
    return { user, session: authOf(await login(t.app, user.email, TEST_PASSWORD)) };
  };
  editorA = (await make(publisherId, ['editorial_manager'])).session;
  const b = await make(publisherId, ['editorial_manager']);
  editorB = b.session;
  editorBEmail = b.user.email;
  otherEditor = (await make(other.id, ['editorial_manager'])).session;
  storyEditor = (await make(publisherId, ['stamp_manager', 'create_new_video_page'])).session;
  storyNoVideo = (await make(publisherId, ['stamp_manager'])).session;
  reviewer = (await make(publisherId, ['switch_publisher'])).session;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  for (const peer of peers) await peer.close();
  await t?.close();
});

describe('tickets', () => {
  it('are issued for the caller’s own package, valid for 30 s, and say whether the socket may write', async () => {
    const doc = await newPackageDoc();
    const response = await requestTicket(t.app, editorA, doc);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { ticket: string; expires_at: number; read_only: boolean };
    expect(data.read_only).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    expect(data.expires_at).toBeGreaterThanOrEqual(now + COLLAB_TICKET_TTL_SECONDS - 1);
    expect(data.expires_at).toBeLessThanOrEqual(now + COLLAB_TICKET_TTL_SECONDS);
    const ttl = await t.ctx.redis.ttl(`collab:ticket:${data.ticket}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(COLLAB_TICKET_TTL_SECONDS);
  });

  it('refuse another publisher’s document (404), a missing one (404), the wrong role (403) and bad names (400)', async () => {
    const foreign = await newPackageDoc('Active', (await buildPublisher(t.ctx.db)).id);
    expect((await requestTicket(t.app, editorA, foreign)).statusCode).toBe(404);
    expect((await requestTicket(t.app, editorA, collabDocName.package('nope123'))).statusCode).toBe(404);
    const doc = await newPackageDoc();
    expect((await requestTicket(t.app, otherEditor, doc)).statusCode).toBe(404);
    expect((await requestTicket(t.app, reviewer, doc)).statusCode).toBe(403);
    expect((await requestTicket(t.app, storyEditor, doc)).statusCode).toBe(403);
    for (const bad of ['package:', 'package:../x', 'story:0', 'story:abc', 'page:1', 'package:abc:1']) {
      expect((await requestTicket(t.app, editorA, bad)).statusCode, bad).toBe(400);
    }
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/collab/tickets',
      payload: { doc },
    });
    expect(noSession.statusCode).toBe(401);
  });

  it('make archived packages read-only, and stories with a video page read-only without the video role', async () => {
    expect((await ticketFor(t.app, editorA, await newPackageDoc('Archive'))).read_only).toBe(true);
    const imageStory = await buildStory(t.ctx.db, publisherId);
    await buildStoryPage(t.ctx.db, imageStory.id);
    const videoStory = await buildStory(t.ctx.db, publisherId);
    await buildStoryPage(t.ctx.db, videoStory.id, { objectType: 'video' });
    const image = collabDocName.story(imageStory.id);
    const video = collabDocName.story(videoStory.id);
    expect((await ticketFor(t.app, storyNoVideo, image)).read_only).toBe(false);
    expect((await ticketFor(t.app, storyNoVideo, video)).read_only).toBe(true);
    expect((await ticketFor(t.app, storyEditor, video)).read_only).toBe(false);
    expect((await requestTicket(t.app, editorA, image)).statusCode).toBe(403);
  });

  it('open one connection only: a used ticket is refused with 4401 before any sync', async () => {
    const doc = await newPackageDoc();
    const first = track(await openCollab(t.app, editorA, doc));
    const again = track(connectCollab(t.app, doc, first.ticket.ticket));
    await eventually(() => expect(again.closeCodes).toContain(COLLAB_CLOSE.ticket));
    expect(again.provider.synced).toBe(false);
    // y-websocket takes 44xx as final: it does not retry the used ticket on its own.
    expect(again.provider.shouldConnect).toBe(false);
  });

  it('expire: a ticket past its time is refused with 4401', async () => {
    const doc = await newPackageDoc();
    const { ticket } = await ticketFor(t.app, editorA, doc);
    // What 30 s in Redis would do, without waiting 30 s.
    await t.ctx.redis.pexpire(`collab:ticket:${ticket}`, 1);
    await eventually(async () => expect(await t.ctx.redis.exists(`collab:ticket:${ticket}`)).toBe(0));
    const client = track(connectCollab(t.app, doc, ticket));
    await eventually(() => expect(client.closeCodes).toContain(COLLAB_CLOSE.ticket));
    expect(client.provider.synced).toBe(false);
  });

  it('open only their own document: a ticket for one package does not open another', async () => {
    const doc = await newPackageDoc();
    const other = await newPackageDoc();
    const { ticket } = await ticketFor(t.app, editorA, doc);
    const client = track(connectCollab(t.app, other, ticket));
    await eventually(() => expect(client.closeCodes).toContain(COLLAB_CLOSE.ticket));
    const missing = track(connectCollab(t.app, other, 'x'.repeat(43)));
    await eventually(() => expect(missing.closeCodes).toContain(COLLAB_CLOSE.ticket));
  });
});

describe('sessions', () => {
  it('a socket closes (4401) when the session its ticket came from ends, and no new ticket is given', async () => {
    const user = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
    const session = authOf(await login(t.app, user.email, TEST_PASSWORD));
    const doc = await newPackageDoc();
    const other = track(await openCollab(t.app, editorA, doc));
    const leaving = track(await openCollab(t.app, session, doc));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: session,
    });
    expect(logout.statusCode).toBe(200);
    await eventually(() => expect(leaving.closeCodes).toContain(COLLAB_CLOSE.sessionEnded), 3000);
    expect((await requestTicket(t.app, session, doc)).statusCode).toBe(401);
    // Sockets of live sessions stay open.
    expect(other.closeCodes).toEqual([]);
    expect(other.provider.wsconnected).toBe(true);
  });
});

describe('origin', () => {
  it('refuses a page of another site with 4403 and accepts the console’s own host and CONSOLE_ORIGINS', async () => {
    const doc = await newPackageDoc();
    const evil = track(
      connectCollab(t.app, doc, (await ticketFor(t.app, editorA, doc)).ticket, {
        WebSocket: webSocketWithOrigin('https://evil.example'),
      }),
    );
    await eventually(() => expect(evil.closeCodes).toContain(COLLAB_CLOSE.origin));
    expect(evil.provider.synced).toBe(false);

    const address = t.app.server.address() as { port: number };
    for (const origin of [`http://127.0.0.1:${address.port}`, ALLOWED_ORIGIN]) {
      const client = track(
        connectCollab(t.app, doc, (await ticketFor(t.app, editorA, doc)).ticket, {
          WebSocket: webSocketWithOrigin(origin),
        }),
      );
      await client.synced();
    }
  });
});

describe('co-editing', () => {
  it('two editors converge on adds, removals, reorders and renames', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    addItem(a.doc, 1, 'one');
    addItem(a.doc, 2, 'two');
    addItem(b.doc, 3, 'three');
    await eventually(() => {
      expect(titlesOf(a.doc)).toHaveLength(3);
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
    });
    moveItem(b.doc, 0, 2);
    itemsOf(a.doc).get(1).set('title', 'TWO');
    await eventually(() => {
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
      expect(titlesOf(a.doc)).toContain('TWO');
    });
    const firstId = itemsOf(a.doc).get(0).get('id');
    itemsOf(b.doc).delete(0, 1);
    await eventually(() => {
      expect(titlesOf(a.doc)).toHaveLength(2);
      expect(itemsOf(a.doc).map((m) => m.get('id'))).not.toContain(firstId);
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
    });
    // Concurrent edits on both sides at once still end equal.
    addItem(a.doc, 4, 'four', 0);
    moveItem(b.doc, 1, 0);
    await eventually(() => {
      expect(titlesOf(a.doc)).toHaveLength(3);
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
    });
  });

  it('awareness: editors see each other (user.email is the ticket’s) and a closed editor vanishes', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    b.provider.awareness.setLocalState({
      user: { email: 'someone-else@example.com', color: '#123456' },
      selection: 7,
    });
    await eventually(() => {
      const seen = a.provider.awareness.getStates().get(b.doc.clientID);
      expect(seen).toEqual({ user: { email: editorBEmail, color: '#123456' }, selection: 7 });
    });
    b.provider.destroy();
    await eventually(() => expect(a.provider.awareness.getStates().has(b.doc.clientID)).toBe(false), 3000);
  });

  it('awareness: a socket cannot remove or overwrite another editor’s presence', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    const c = track(await openCollab(t.app, editorA, doc));
    b.provider.awareness.setLocalState({ user: { email: 'b' }, selection: 1 });
    await eventually(() => expect(a.provider.awareness.getStates().has(b.doc.clientID)).toBe(true));
    // C sends, for B's client id, a removal and a takeover with clocks far ahead.
    const forged = (state: unknown) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 1); // y-websocket: awareness message
      const update = encoding.createEncoder();
      encoding.writeVarUint(update, 1);
      encoding.writeVarUint(update, b.doc.clientID);
      encoding.writeVarUint(update, 1000);
      encoding.writeVarString(update, JSON.stringify(state));
      encoding.writeVarUint8Array(encoder, encoding.toUint8Array(update));
      return encoding.toUint8Array(encoder);
    };
    const socket = c.provider.ws as unknown as WebSocket;
    socket.send(forged({ user: { email: 'forged' }, selection: 99 }));
    socket.send(forged(null));
    // C's own change afterwards, on the same socket: once A has it, the forged ones were handled.
    c.provider.awareness.setLocalState({ user: { email: 'c' }, selection: 3 });
    await eventually(() => expect(a.provider.awareness.getStates().get(c.doc.clientID)).toBeDefined());
    expect(a.provider.awareness.getStates().get(b.doc.clientID)).toEqual({
      user: { email: editorBEmail },
      selection: 1,
    });
  });

  it('awareness: an editor whose socket drops without a goodbye (a crash) vanishes too', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    b.provider.awareness.setLocalState({ selection: 1 });
    await eventually(() => expect(a.provider.awareness.getStates().has(b.doc.clientID)).toBe(true));
    // No awareness removal from the client: only the server's cleanup on close can tell A.
    (b.provider.ws as unknown as WebSocket).terminate();
    await eventually(() => expect(a.provider.awareness.getStates().has(b.doc.clientID)).toBe(false), 3000);
  });

  it('a read-only socket receives changes, but its own are neither applied, relayed nor stored', async () => {
    const story = await buildStory(t.ctx.db, publisherId);
    await buildStoryPage(t.ctx.db, story.id, { objectType: 'video' });
    const doc = collabDocName.story(story.id);
    const writer = track(await openCollab(t.app, storyEditor, doc));
    const reader = track(await openCollab(t.app, storyNoVideo, doc));
    expect(writer.ticket.read_only).toBe(false);
    expect(reader.ticket.read_only).toBe(true);
    addItem(writer.doc, 1, 'from the writer');
    await eventually(() => expect(titlesOf(reader.doc)).toEqual(['from the writer']));
    addItem(reader.doc, 2, 'from the reader');
    // Awareness travels on the same socket after the change: once the writer sees it, the server has
    // already read (and ignored) the change.
    reader.provider.awareness.setLocalState({ selection: 2 });
    await eventually(() => expect(writer.provider.awareness.getStates().has(reader.doc.clientID)).toBe(true));
    addItem(writer.doc, 3, 'marker');
    await eventually(() => expect(titlesOf(reader.doc)).toContain('marker'));
    expect(titlesOf(writer.doc)).toEqual(['from the writer', 'marker']);
    const late = track(await openCollab(t.app, storyEditor, doc));
    expect(titlesOf(late.doc)).toEqual(['from the writer', 'marker']);
    await eventually(async () =>
      expect(titlesOf(await storedDoc(doc))).toEqual(['from the writer', 'marker']),
    );
  });

  it('an editor joining after many updates (some still waiting to be merged) gets every one', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    // 150 updates: past the hub's merge bound (64) twice, with some left waiting.
    for (let i = 0; i < 150; i += 1) addItem(a.doc, i, `item ${i}`);
    for (let i = 0; i < 20; i += 1) itemsOf(a.doc).get(i).set('title', `changed ${i}`);
    itemsOf(a.doc).delete(100, 10);
    await eventually(() => expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc)));
    const late = track(await openCollab(t.app, editorB, doc));
    expect(titlesOf(late.doc)).toHaveLength(140);
    expect(titlesOf(late.doc)).toEqual(titlesOf(a.doc));
    expect(titlesOf(late.doc).slice(0, 2)).toEqual(['changed 0', 'changed 1']);
    // And it is in the flow from now on.
    addItem(late.doc, 999, 'from the late one', 0);
    await eventually(() => expect(titlesOf(a.doc)[0]).toBe('from the late one'));
  });

  it('two editors with divergent offline edits reconnect and converge', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    for (let i = 0; i < 4; i += 1) addItem(a.doc, i, `item ${i}`);
    await eventually(() => expect(titlesOf(b.doc)).toHaveLength(4));
    a.provider.disconnect();
    b.provider.disconnect();
    await eventually(() => expect([a.provider.wsconnected, b.provider.wsconnected]).toEqual([false, false]));
    // Offline on both sides: each changes what the other also changes.
    itemsOf(a.doc).delete(0, 1);
    itemsOf(a.doc).get(0).set('title', 'renamed by a');
    addItem(a.doc, 10, 'added by a');
    itemsOf(b.doc).get(3).set('title', 'renamed by b');
    moveItem(b.doc, 2, 0);
    addItem(b.doc, 20, 'added by b', 1);
    // Back, each with a new ticket: sync step 1 and 2 both ways against the server's state.
    for (const [client, session] of [
      [a, editorA],
      [b, editorB],
    ] as const) {
      client.provider.params = { ticket: (await ticketFor(t.app, session, doc)).ticket };
      client.provider.connect();
    }
    await eventually(() => {
      expect(titlesOf(a.doc)).toHaveLength(5);
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
    });
    expect(new Set(titlesOf(a.doc))).toEqual(
      new Set(['renamed by a', 'item 2', 'renamed by b', 'added by a', 'added by b']),
    );
    const joined = track(await openCollab(t.app, editorA, doc));
    expect(titlesOf(joined.doc)).toEqual(titlesOf(a.doc));
    await eventually(async () => expect(titlesOf(await storedDoc(doc))).toEqual(titlesOf(a.doc)));
  });

  it('an update that is malformed, or that no Y.Doc can integrate, is refused (1003) and never stored', async () => {
    const doc = await newPackageDoc();
    // What the second update points into: client 7's items (see doc-state.test.ts).
    const seed = new Y.Doc();
    seed.clientID = 7;
    for (let n = 0; n < 5; n += 1) {
      seed.transact(() => {
        const item = new Y.Map<unknown>();
        item.set('id', n);
        item.set('title', `t${n}`);
        itemsOf(seed).insert(0, [item]);
      });
    }
    // prettier-ignore
    const unintegrable = new Uint8Array([1, 3, 7, 3, 71, 7, 53, 1, 40, 0, 7, 3, 2, 105, 100, 1, 125, 1, 40, 0, 7, 3, 5, 116, 105, 116, 108, 101, 1, 119, 2, 116, 49, 0]);
    const writer = track(await openCollab(t.app, editorA, doc));
    addItem(writer.doc, 1, 'seeded');
    await eventually(async () => expect(await rowsOf(doc)).toBe(1));
    const sent: [Uint8Array, 'stored' | 'refused'][] = [
      [Y.encodeStateAsUpdate(seed), 'stored'],
      [new Uint8Array(10).fill(0xff), 'refused'],
      [unintegrable, 'refused'],
    ];
    for (const [update, expected] of sent) {
      const client = track(await openCollab(t.app, editorB, doc));
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0); // y-websocket: sync message
      encoding.writeVarUint(encoder, 2); // y-protocols: update
      encoding.writeVarUint8Array(encoder, update);
      (client.provider.ws as unknown as WebSocket).send(encoding.toUint8Array(encoder));
      if (expected === 'refused') await eventually(() => expect(client.closeCodes).toContain(1003));
      else await eventually(async () => expect(await rowsOf(doc)).toBe(2));
      client.destroy();
    }
    // Only the writer's and the well-formed update were stored; a new editor gets a document it can read.
    expect(await rowsOf(doc)).toBe(2);
    const late = track(await openCollab(t.app, editorB, doc));
    expect(new Set(titlesOf(late.doc))).toEqual(new Set(['seeded', 't0', 't1', 't2', 't3', 't4']));
    expect(writer.closeCodes).toEqual([]);
  });

  it('an archived package is read-only for everyone: nothing a socket sends is stored', async () => {
    const doc = await newPackageDoc('Archive');
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    expect([a.ticket.read_only, b.ticket.read_only]).toEqual([true, true]);
    addItem(a.doc, 1, 'ignored');
    a.provider.awareness.setLocalState({ selection: 1 });
    await eventually(() => expect(b.provider.awareness.getStates().has(a.doc.clientID)).toBe(true));
    expect(titlesOf(b.doc)).toEqual([]);
    expect(await rowsOf(doc)).toBe(0);
  });

  it('an update the database refuses is still shared, and the document stays open until a retry stores it', async () => {
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc));
    const allowInserts = await refuseInserts(doc);
    try {
      addItem(a.doc, 1, 'not stored yet');
      // Relayed at once; the store runs behind it and fails.
      await eventually(() => expect(titlesOf(b.doc)).toEqual(['not stored yet']));
      expect(a.closeCodes).toEqual([]);
      // Both editors leave: the document has nobody holding the update but this process, and it
      // outlives the idle unload (3x) instead of dropping what it could not store.
      a.destroy();
      b.destroy();
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
      expect(await rowsOf(doc)).toBe(0);
    } finally {
      await allowInserts();
    }
    // Writable again: a retry stores it, with no editor connected to send it again.
    await eventually(async () => expect(await rowsOf(doc)).toBeGreaterThan(0), 10_000);
    expect(titlesOf(await storedDoc(doc))).toEqual(['not stored yet']);
    const late = track(await openCollab(t.app, editorB, doc));
    expect(titlesOf(late.doc)).toEqual(['not stored yet']);
  });

  it('an update relayed by a process that closed before storing it is stored by the process that received it', async () => {
    const sender = await startPeerApp(t, {}, { collab: { idleMs: IDLE_MS } });
    await sender.app.listen({ port: 0, host: '127.0.0.1' });
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc, { via: sender.app }));
    const b = track(await openCollab(t.app, editorB, doc));
    const allowInserts = await refuseInserts(doc);
    try {
      addItem(a.doc, 1, 'relayed, never stored by its process');
      await eventually(() => expect(titlesOf(b.doc)).toEqual(['relayed, never stored by its process']));
      // Its editor gone (nobody will send it again) and its process closed with the store still failing.
      a.destroy();
      await sender.close();
      expect(await rowsOf(doc)).toBe(0);
    } finally {
      await allowInserts();
    }
    // The receiving process stores what it was relayed (its own attempts failed too until now), with its
    // editor still there and sending nothing again.
    expect(b.closeCodes).toEqual([]);
    await eventually(async () =>
      expect(titlesOf(await storedDoc(doc))).toEqual(['relayed, never stored by its process']),
    );
  });

  it('a process that opens a document gets what another holds and has not stored, and both go on', async () => {
    const later = await startPeerApp(t, {}, { collab: { idleMs: IDLE_MS } });
    peers.push(later);
    await later.app.listen({ port: 0, host: '127.0.0.1' });
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const watcher = track(await openCollab(t.app, editorB, doc));
    const allowInserts = await refuseInserts(doc);
    try {
      // Held in the first process's memory only: the database has nothing, and nobody else had it open.
      addItem(a.doc, 1, 'held in memory');
      await eventually(() => expect(titlesOf(watcher.doc)).toEqual(['held in memory']));
      expect(await rowsOf(doc)).toBe(0);
      // The second process loads nothing from the database; the first answers its announcement.
      const b = track(await openCollab(t.app, editorB, doc, { via: later.app }));
      await eventually(() => expect(titlesOf(b.doc)).toEqual(['held in memory']));
      addItem(a.doc, 2, 'then from the first');
      addItem(b.doc, 3, 'and from the second');
      await eventually(() => {
        expect(titlesOf(a.doc)).toHaveLength(3);
        expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
      });
    } finally {
      await allowInserts();
    }
  });

  it('two server processes on one database and Redis converge, awareness included', async () => {
    const peer = await startPeerApp(t, { CONSOLE_ORIGINS: ALLOWED_ORIGIN }, { collab: { idleMs: IDLE_MS } });
    peers.push(peer);
    await peer.app.listen({ port: 0, host: '127.0.0.1' });
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    // The ticket comes from one process and opens a socket on the other: tickets live in the shared Redis.
    const b = track(await openCollab(t.app, editorB, doc, { via: peer.app }));
    addItem(a.doc, 1, 'via one');
    addItem(b.doc, 2, 'via two');
    await eventually(() => {
      expect(titlesOf(a.doc).sort()).toEqual(['via one', 'via two']);
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
    });
    moveItem(b.doc, 1, 0);
    itemsOf(a.doc).delete(0, 1);
    await eventually(() => {
      expect(titlesOf(a.doc)).toHaveLength(1);
      expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc));
    });
    a.provider.awareness.setLocalState({ selection: 1 });
    await eventually(() => expect(b.provider.awareness.getStates().has(a.doc.clientID)).toBe(true));
    // Dropped without a goodbye: the removal comes from A's server, through Redis.
    (a.provider.ws as unknown as WebSocket).terminate();
    await eventually(() => expect(b.provider.awareness.getStates().has(a.doc.clientID)).toBe(false), 3000);
    // A third editor joining through the peer sees the same state, read back from the database.
    const c = track(await openCollab(t.app, editorA, doc, { via: peer.app }));
    expect(titlesOf(c.doc)).toEqual(titlesOf(b.doc));
  });

  it('after the Redis relay reconnects, updates it missed are read from the database', async () => {
    const peer = await startPeerApp(t, {}, { collab: { idleMs: IDLE_MS } });
    peers.push(peer);
    await peer.app.listen({ port: 0, host: '127.0.0.1' });
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc));
    const b = track(await openCollab(t.app, editorB, doc, { via: peer.app }));
    addItem(a.doc, 1, 'before');
    await eventually(() => expect(titlesOf(b.doc)).toEqual(['before']));
    // An update another process stored but whose Redis message never arrived (its relay was away).
    const elsewhere = new Y.Doc();
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(a.doc));
    const vector = Y.encodeStateVector(elsewhere);
    addItem(elsewhere, 2, 'missed');
    await t.ctx.db
      .insert(schema.collabUpdates)
      .values({ docName: doc, update: Buffer.from(Y.encodeStateAsUpdate(elsewhere, vector)) });
    expect(titlesOf(a.doc)).toEqual(['before']);
    // Both processes' relay connections drop; ioredis reconnects them.
    const prefix = t.ctx.redis.options.keyPrefix ?? '';
    const list = (await t.ctx.redis.client('LIST')) as string;
    const relays = list
      .split('\n')
      .filter((line) => line.includes(` name=${prefix}collab-relay `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1]);
    expect(relays.length).toBeGreaterThanOrEqual(2);
    for (const id of relays) await t.ctx.redis.client('KILL', 'ID', id!);
    await eventually(() => {
      expect(titlesOf(a.doc)).toEqual(['before', 'missed']);
      expect(titlesOf(b.doc)).toEqual(['before', 'missed']);
    });
    // And the relay works again afterwards.
    addItem(b.doc, 3, 'after');
    await eventually(() => expect(titlesOf(a.doc)).toEqual(['before', 'missed', 'after']));
  });

  it('a restart loses no update anyone received, and an idle document is compacted to one row', async () => {
    const first = await startPeerApp(t, {}, { collab: { idleMs: IDLE_MS } });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const doc = await newPackageDoc();
    const a = track(await openCollab(t.app, editorA, doc, { via: first.app }));
    const b = track(await openCollab(t.app, editorB, doc, { via: first.app }));
    for (let i = 0; i < 20; i += 1) addItem(a.doc, i, `item ${i}`);
    itemsOf(a.doc).delete(0, 5);
    await eventually(() => expect(titlesOf(b.doc)).toEqual(titlesOf(a.doc)));
    const expected = titlesOf(a.doc);
    // Stored right behind the relay, in more than one INSERT (the first went alone).
    await eventually(async () => expect(await rowsOf(doc)).toBeGreaterThan(1));
    // Closed with both editors still connected: the server closes their sockets and flushes its writes.
    await first.close();
    await eventually(() => expect([a.provider.wsconnected, b.provider.wsconnected]).toEqual([false, false]));
    a.destroy();
    b.destroy();

    const second = await startPeerApp(t, {}, { collab: { idleMs: IDLE_MS } });
    peers.push(second);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const c = track(await openCollab(t.app, editorA, doc, { via: second.app }));
    expect(titlesOf(c.doc)).toEqual(expected);
    // More rows, then nobody: after IDLE_MS the rows become one update of the same state.
    addItem(c.doc, 100, 'after the restart');
    addItem(c.doc, 101, 'and another');
    await eventually(async () => expect(await rowsOf(doc)).toBeGreaterThan(2));
    await eventually(async () => expect(titlesOf(await storedDoc(doc))).toHaveLength(expected.length + 2));
    const final = titlesOf(c.doc);
    c.provider.disconnect();
    await eventually(async () => expect(await rowsOf(doc)).toBe(1), 5000);
    expect(titlesOf(await storedDoc(doc))).toEqual(final);
    const d = track(await openCollab(t.app, editorB, doc, { via: second.app }));
    expect(titlesOf(d.doc)).toEqual(final);
  });
});
