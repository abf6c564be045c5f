// the live channel's rooms across publishers (item 1) and the token lifecycle (item 2).
// B's sockets, whatever publisher they claim in the handshake, hear nothing of publisher A; logout,
// a password change and a user removal make the old token a 401 and drop its sockets.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANTABLE_ROLES } from '@hc/shared/constants';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import {
  collect,
  connectLive,
  disconnection,
  listeningUrl,
  type LiveClient,
} from '../support/live-client.ts';
import { takeLock } from '../support/locks.ts';
import { eventually } from '../support/retry.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

type Session = Awaited<ReturnType<typeof login>>;

let t: TestApp;
let url: string;
let publisherA: number;
let publisherB: number;
const clients: LiveClient[] = [];

beforeAll(async () => {
  // A short re-check: sessions ended by the operator CLI (another process) drop their sockets within it.
  t = await startTestApp({}, { live: { sessionRecheckMs: 300 } });
  url = await listeningUrl(t.app);
  publisherA = (await buildPublisher(t.ctx.db)).id;
  publisherB = (await buildPublisher(t.ctx.db)).id;
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function sessionOf(publisherId: number, roles = [...GRANTABLE_ROLES]) {
  const user = await buildUser(t.ctx.db, { publisherId, roles });
  return { user, session: await login(t.app, user.email, user.password) };
}

/** Connects with the session, planting publisher A in the handshake's auth and query. */
async function connect(session: Session, claim: Record<string, string> = {}) {
  const client = await connectLive(url, {
    auth: { email: session['x-user-email'], token: session.token, ...claim },
    query: claim,
  });
  clients.push(client);
  return client;
}

const userInfo = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/api/v1/editor/user_info/show', headers: authOf(session) });

describe('socket rooms', () => {
  it("B's sockets of every role, claiming A's publisher, receive none of A's events", async () => {
    const owner = await sessionOf(publisherA, ['switch_publisher']);
    const ownerClient = await connect(owner.session);
    const ownerEvents = collect(ownerClient, 'lock_changed');
    const claim = {
      publisher_id: String(publisherA),
      publisherId: String(publisherA),
      room: `p:${publisherA}`,
    };
    const strangers: unknown[][] = [];
    for (const role of GRANTABLE_ROLES) {
      const b = await sessionOf(publisherB, [role]);
      const client = await connect(b.session, claim);
      strangers.push(collect(client, 'lock_changed'), collect(client, 'pending_counts'));
    }
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId: publisherA });
    await takeLock(t.app, authOf(owner.session), 'vertical_task', videoId);
    // A's own socket hears it (the event is real); by then B's would have too.
    await eventually(() => expect(ownerEvents.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strangers.flat()).toEqual([]);
  });
});

describe('token lifecycle', () => {
  const cli = (args: string[]) =>
    spawnSync('node', ['--import', 'tsx', 'apps/server/src/cli/users.ts', ...args], {
      cwd: new URL('../../', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('logout: the old token is a 401 and its socket is dropped', async () => {
    const { session } = await sessionOf(publisherB);
    const client = await connect(session);
    const ended = collect(client, 'session_ended');
    const dropped = disconnection(client);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: authOf(session),
    });
    expect(out.statusCode).toBe(200);
    await dropped;
    expect(ended).toEqual([{ reason: 'logout' }]);
    expect((await userInfo(session)).statusCode).toBe(401);
  });

  it('a password change (operator CLI): the old token is a 401 and its socket is dropped', async () => {
    const { user, session } = await sessionOf(publisherB);
    const client = await connect(session);
    const dropped = disconnection(client, 15_000);
    const changed = cli(['passwd', '--email', user.email, '--password', 'a brand new password']);
    expect(changed.status, changed.stderr).toBe(0);
    // The CLI is another process: servers drop their cached sessions when the change feed tells them
    // (the read cache), the time one notification takes; the barrier waits for exactly that, no longer.
    await t.ctx.changes!.barrier();
    expect((await userInfo(session)).statusCode).toBe(401);
    await dropped;
  });

  it('a user removal (operator CLI): the old token is a 401 and its socket is dropped', async () => {
    const { user, session } = await sessionOf(publisherB);
    const client = await connect(session);
    const dropped = disconnection(client, 15_000);
    const removed = cli(['remove', '--email', user.email]);
    expect(removed.status, removed.stderr).toBe(0);
    // As above: the change feed tells this server.
    await t.ctx.changes!.barrier();
    expect((await userInfo(session)).statusCode).toBe(401);
    await dropped;
  });

  it('the token travels in headers and the socket auth payload only: no URL holds it', async () => {
    const user = await buildUser(t.ctx.db, { publisherId: publisherB });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/editor/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.9.9.9',
    });
    const token = (response.json() as { data: { token: string } }).data.token;
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    // A token in the query string is not a session.
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/user_info/show?token=${token}&email=${encodeURIComponent(user.email)}`,
    });
    expect(viaQuery.statusCode).toBe(401);
  });
});
