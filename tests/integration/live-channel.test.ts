// The live channel (socket.io): handshake authentication from the auth payload only, the Origin check,
// sessions that end while connected, pushed pending counts per caller, and two server processes sharing
// Redis (an event published through one reaches the clients of the other).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import type { PendingCounts } from '@hc/shared/api/pending';
import { login, startPeerApp, startTestApp, type PeerApp, type TestApp } from '../support/app.ts';
import { buildArticle, buildPublisher, buildUser } from '../support/factories.ts';
import {
  collect,
  connectAs,
  connectLive,
  disconnection,
  listeningUrl,
  type LiveClient,
} from '../support/live-client.ts';
import { eventually } from '../support/retry.ts';

type Session = Awaited<ReturnType<typeof login>>;
let t: TestApp;
let peer: PeerApp;
let url: string;
let peerUrl: string;
let pubA: number;
let pubB: number;
const clients: LiveClient[] = [];

const track = (client: LiveClient) => {
  clients.push(client);
  return client;
};
const sessionOf = async (options: Parameters<typeof buildUser>[1]): Promise<Session> => {
  const user = await buildUser(t.ctx.db, options);
  return login(t.app, user.email, user.password);
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the handshake was accepted');
    },
    (error: Error & { data?: { status?: number } }) => ({ message: error.message, data: error.data }),
  );

beforeAll(async () => {
  t = await startTestApp({}, { live: { sessionRecheckMs: 300 } });
  peer = await startPeerApp(t, {}, { live: { sessionRecheckMs: 300 } });
  url = await listeningUrl(t.app);
  peerUrl = await listeningUrl(peer.app);
  pubA = (await buildPublisher(t.ctx.db)).id;
  pubB = (await buildPublisher(t.ctx.db)).id;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await peer.close();
  await t.close();
});

describe('handshake', () => {
  it('accepts the session from the auth payload', async () => {
    const session = await sessionOf({ publisherId: pubA });
    const client = track(await connectAs(url, session));
    expect(client.connected).toBe(true);
  });

  it('refuses a missing, wrong or ended session with status 401', async () => {
    const session = await sessionOf({ publisherId: pubA });
    expect((await refusal(connectLive(url, {}))).data).toEqual({ status: 401 });
    const wrong = { email: session['x-user-email'], token: `${session.token.slice(0, -4)}0000` };
    expect((await refusal(connectLive(url, { auth: wrong }))).data).toEqual({ status: 401 });

    await t.app.inject({ method: 'POST', url: '/api/v1/editor/auth/logout', headers: session });
    const ended = { email: session['x-user-email'], token: session.token };
    expect((await refusal(connectLive(url, { auth: ended }))).data).toEqual({ status: 401 });
  });

  it('never takes the session from the URL', async () => {
    const session = await sessionOf({ publisherId: pubA });
    const query = { email: session['x-user-email'], token: session.token };
    expect((await refusal(connectLive(url, { query }))).data).toEqual({ status: 401 });
  });

  it('refuses a page of another origin, and accepts the console’s own', async () => {
    const session = await sessionOf({ publisherId: pubA });
    const auth = { email: session['x-user-email'], token: session.token };
    const foreign = await refusal(connectLive(url, { auth, origin: 'https://evil.example' }));
    expect(foreign.message).toMatch(/websocket error|xhr poll error|Forbidden/i);
    const own = track(await connectLive(url, { auth, origin: url }));
    expect(own.connected).toBe(true);
  });
});

describe('sessions that end while connected', () => {
  it('logout tells the socket why and disconnects it', async () => {
    const session = await sessionOf({ publisherId: pubA });
    const client = track(await connectAs(url, session));
    const ended = collect(client, 'session_ended');
    const gone = disconnection(client);
    await t.app.inject({ method: 'POST', url: '/api/v1/editor/auth/logout', headers: session });
    expect(await gone).toBe('io server disconnect');
    expect(ended).toEqual([{ reason: 'logout' }]);
  });

  it('a logout whose message comes after a check found its session gone still says logout', async () => {
    const user = await buildUser(t.ctx.db, { publisherId: pubA });
    const session = await login(t.app, user.email, user.password);
    const client = track(await connectAs(url, session));
    const ended = collect(client, 'session_ended');
    const gone = disconnection(client);
    // What a logout does, with its message held back: the row goes, a check (every 300 ms) may run, and
    // the message follows 200 ms later. The check must leave the reason to it.
    const [row] = await t.ctx.db
      .delete(schema.sessions)
      .where(eq(schema.sessions.userId, user.id))
      .returning();
    await new Promise((resolve) => setTimeout(resolve, 200));
    t.ctx.live.endSession(row!.id, 'logout');
    expect(await gone).toBe('io server disconnect');
    expect(ended).toEqual([{ reason: 'logout' }]);
  });

  it('a session removed behind the channel’s back (expiry, revocation) is dropped within two checks', async () => {
    const user = await buildUser(t.ctx.db, { publisherId: pubA });
    const session = await login(t.app, user.email, user.password);
    const client = track(await connectAs(peerUrl, session));
    const ended = collect(client, 'session_ended');
    const gone = disconnection(client);
    await t.ctx.db.delete(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(await gone).toBe('io server disconnect');
    expect(ended).toEqual([{ reason: 'expired' }]);
  });

  it('the periodic re-check does not count as use: an open tab still lets the session idle out', async () => {
    const user = await buildUser(t.ctx.db, { publisherId: pubA });
    const session = await login(t.app, user.email, user.password);
    track(await connectAs(url, session));
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    const ofUser = eq(schema.sessions.userId, user.id);
    await t.ctx.db.update(schema.sessions).set({ lastSeenAt: fiveMinutesAgo }).where(ofUser);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // three re-checks at 300 ms
    const [row] = await t.ctx.db.select().from(schema.sessions).where(ofUser);
    expect(row?.lastSeenAt.getTime()).toBe(fiveMinutesAgo.getTime());
  });

  it('withdrawing the user’s access to the publisher drops the socket', async () => {
    const user = await buildUser(t.ctx.db, { publisherId: pubA });
    const session = await login(t.app, user.email, user.password);
    const client = track(await connectAs(url, session));
    const gone = disconnection(client);
    await t.ctx.db.delete(schema.userPublisherRoles).where(eq(schema.userPublisherRoles.userId, user.id));
    expect(await gone).toBe('io server disconnect');
  });
});

describe('pushed pending counts', () => {
  it('pushes each affected caller exactly its own counts, from either process, and nothing to others', async () => {
    const reviewer = await sessionOf({ publisherId: pubA, roles: ['apv_article_admin'] });
    const vertical = await sessionOf({ publisherId: pubA, roles: ['switch_publisher'] });
    const viewer = await sessionOf({ publisherId: pubA });
    const otherReviewer = await sessionOf({ publisherId: pubB, roles: ['apv_article_admin'] });
    const onPeer = track(await connectAs(peerUrl, reviewer));
    const verticalClient = track(await connectAs(url, vertical));
    const viewerClient = track(await connectAs(url, viewer));
    const otherClient = track(await connectAs(url, otherReviewer));
    const pushed = {
      reviewer: collect(onPeer, 'pending_counts'),
      vertical: collect(verticalClient, 'pending_counts'),
      viewer: collect(viewerClient, 'pending_counts'),
      other: collect(otherClient, 'pending_counts'),
    };

    // Two articles are queued for publisher A (as an import does), announced through the first process.
    await buildArticle(t.ctx.db, pubA, { reviewStatus: 'pending' });
    await buildArticle(t.ctx.db, pubA, { reviewStatus: 'pending' });
    t.ctx.live.countsChanged([pubA]);
    t.ctx.live.countsChanged([pubA]);

    await eventually(() => expect(pushed.reviewer.length).toBeGreaterThan(0));
    await eventually(() => expect(pushed.vertical.length).toBeGreaterThan(0));
    const expected = async (session: Session) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/editor/pending_counts', headers: session })).json()
        .data as PendingCounts;
    expect(pushed.reviewer.at(-1)).toEqual(await expected(reviewer));
    expect(pushed.reviewer.at(-1)?.autoHighlightReview).toBeGreaterThanOrEqual(2);
    expect(pushed.vertical.at(-1)).toEqual(await expected(vertical));
    // Two notices within the coalescing window make one push.
    expect(pushed.reviewer).toHaveLength(1);
    // A caller whose roles do not reach a changed queue, or who reviews another publisher, gets nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushed.viewer).toEqual([]);
    expect(pushed.other).toEqual([]);
  });
});

describe('push rate of a busy room', () => {
  it('coalesces 10 changes a second into at most 4 pushes a second; the last push holds the final counts', async () => {
    const pub = (await buildPublisher(t.ctx.db)).id;
    const reviewer = await sessionOf({ publisherId: pub, roles: ['apv_article_admin'] });
    const client = track(await connectAs(url, reviewer));
    const pushed = collect(client, 'pending_counts');
    const pushedAt: number[] = [];
    client.on('pending_counts', () => pushedAt.push(performance.now()));

    for (let k = 0; k < 10; k++) {
      await buildArticle(t.ctx.db, pub, { reviewStatus: 'pending' });
      t.ctx.live.countsChanged([pub]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await eventually(() => expect(pushed.at(-1)?.autoHighlightReview).toBe(10));
    // 10 changes over ~1 s: the window lets through at most one push per 250 ms.
    expect(pushed.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < pushedAt.length; i++) expect(pushedAt[i]! - pushedAt[i - 1]!).toBeGreaterThan(200);
  });
});

describe('two server processes sharing Redis', () => {
  it('an event published through one process reaches clients of the other, only in their room', async () => {
    const onA = await sessionOf({ publisherId: pubA });
    const onB = await sessionOf({ publisherId: pubB });
    const peerClient = track(await connectAs(peerUrl, onA));
    const otherPublisher = track(await connectAs(peerUrl, onB));
    const locks = collect(peerClient, 'lock_changed');
    const foreign = collect(otherPublisher, 'lock_changed');
    const event = { kind: 'article' as const, id: 7, holder_email: 'a@test.example', expires_at: null };
    t.ctx.live.lockChanged(pubA, event);
    await eventually(() => expect(locks).toEqual([event]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(foreign).toEqual([]);
  });
});
