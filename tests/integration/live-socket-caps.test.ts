// Live sockets per session and per user are capped across server processes: the socket past the cap is
// refused at handshake with a message the console can show, and closing a socket lets a new one in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SOCKETS_PER_SESSION, LIVE_SOCKETS_PER_USER } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { login, startPeerApp, startTestApp, type PeerApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { connectAs, listeningUrl, type LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/retry.ts';

type Session = Awaited<ReturnType<typeof login>>;
let t: TestApp;
let peer: PeerApp;
/** The two processes' addresses: sockets alternate between them, as a load balancer spreads them. */
let urls: [string, string];
let publisherId: number;
const clients: LiveClient[] = [];

/** Opens `n` sockets of the session, alternating processes. */
async function open(session: Session, n: number): Promise<LiveClient[]> {
  const opened: LiveClient[] = [];
  for (let i = 0; i < n; i += 1) {
    const client = await connectAs(urls[(clients.length + i) % 2]!, session);
    opened.push(client);
  }
  clients.push(...opened);
  return opened;
}

const refusal = (session: Session, url = urls[0]) =>
  connectAs(url, session).then(
    (client) => {
      clients.push(client);
      throw new Error('the socket was accepted');
    },
    (error: Error & { data?: unknown }) => ({ message: error.message, data: error.data }),
  );

async function userWithSessions(count: number): Promise<Session[]> {
  const user = await buildUser(t.ctx.db, { publisherId });
  const sessions: Session[] = [];
  for (let i = 0; i < count; i += 1) sessions.push(await login(t.app, user.email, user.password));
  return sessions;
}

beforeAll(async () => {
  t = await startTestApp();
  peer = await startPeerApp(t);
  urls = [await listeningUrl(t.app), await listeningUrl(peer.app)];
  publisherId = (await buildPublisher(t.ctx.db)).id;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await peer.close();
  await t.close();
});

describe('live sockets per session and per user', () => {
  it(`refuses the socket past ${LIVE_SOCKETS_PER_SESSION} of a session on either process; closing one lets a new one in`, async () => {
    const [session] = await userWithSessions(1);
    const held = await open(session!, LIVE_SOCKETS_PER_SESSION);
    expect(held.every((c) => c.connected)).toBe(true);

    for (const url of urls) {
      expect(await refusal(session!, url)).toEqual({
        message: messages.liveTooManySessionSockets,
        data: { status: 429, limit: 'session' },
      });
    }
    // The refusals cost nothing: the held sockets still work.
    expect(held.every((c) => c.connected)).toBe(true);

    held[0]!.close();
    const again = await eventually(() => connectAs(urls[1], session!), 5_000, 100);
    clients.push(again);
    expect(again.connected).toBe(true);
    expect(await refusal(session!)).toMatchObject({ data: { status: 429, limit: 'session' } });
  });

  it(`refuses the socket past ${LIVE_SOCKETS_PER_USER} of a user across sessions; another user is not counted`, async () => {
    const sessions = await userWithSessions(3);
    const perSession = LIVE_SOCKETS_PER_SESSION;
    const first = await open(sessions[0]!, perSession);
    await open(sessions[1]!, perSession);
    await open(sessions[2]!, LIVE_SOCKETS_PER_USER - 2 * perSession);

    expect(await refusal(sessions[2]!)).toEqual({
      message: messages.liveTooManyUserSockets,
      data: { status: 429, limit: 'user' },
    });
    const [other] = await userWithSessions(1);
    const otherSocket = await connectAs(urls[0], other!);
    clients.push(otherSocket);
    expect(otherSocket.connected).toBe(true);

    first[0]!.close();
    const again = await eventually(() => connectAs(urls[0], sessions[2]!), 5_000, 100);
    clients.push(again);
    expect(again.connected).toBe(true);
  });

  it('gives the places back when the server ends the sockets (logout)', async () => {
    const sessions = await userWithSessions(3);
    const ended = await open(sessions[0]!, LIVE_SOCKETS_PER_SESSION);
    await open(sessions[1]!, LIVE_SOCKETS_PER_SESSION);
    await open(sessions[2]!, LIVE_SOCKETS_PER_USER - 2 * LIVE_SOCKETS_PER_SESSION);
    expect(await refusal(sessions[2]!)).toMatchObject({ data: { limit: 'user' } });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: { 'x-user-email': sessions[0]!['x-user-email'], 'x-user-token': sessions[0]!['x-user-token'] },
    });
    expect(logout.statusCode).toBe(200);
    await eventually(() => expect(ended.every((c) => c.disconnected)).toBe(true));
    // The user's places of the ended session are free again: the third session fills its own count.
    const next = await eventually(() => connectAs(urls[1], sessions[2]!), 5_000, 100);
    clients.push(next);
    const room = LIVE_SOCKETS_PER_SESSION - (LIVE_SOCKETS_PER_USER - 2 * LIVE_SOCKETS_PER_SESSION) - 1;
    expect(await open(sessions[2]!, room)).toHaveLength(room);
    expect(await refusal(sessions[2]!)).toMatchObject({ data: { limit: 'session' } });
  });
});
