// Live socket counts after a crash: a server process holding a user's sockets is killed with SIGKILL, so it
// never gives their places back. Its browsers reconnect to the other process at once, and must get their
// places there straight away, not after the entries of the dead process lapse (90 s); the counts are then
// exactly the sockets really open, so the caps still hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SOCKETS_PER_SESSION, LIVE_SOCKETS_PER_USER } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { collabServerEnv, loginAt, type Session } from '../support/collab-processes.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { connectAs, type LiveClient } from '../support/live-client.ts';
import { killHard, startServerProcess, stopProcesses, type ServerProcess } from '../support/processes.ts';
import { eventually } from '../support/retry.ts';

/** Far below the 90 s an entry of a dead process lasts unrenewed: only pruning can meet it. */
const RECOVERY_BUDGET_MS = 30_000;

let database: TestDatabase;
let victim: ServerProcess;
let survivor: ServerProcess;
const clients: LiveClient[] = [];

const sessionHeaders = (session: Session) => ({
  'x-user-email': session['x-user-email']!,
  'x-user-token': session['x-user-token']!,
});

async function open(url: string, session: Session, n: number): Promise<LiveClient[]> {
  const opened: LiveClient[] = [];
  for (let i = 0; i < n; i += 1) opened.push(await connectAs(url, sessionHeaders(session)));
  clients.push(...opened);
  return opened;
}

const refusal = (url: string, session: Session) =>
  connectAs(url, sessionHeaders(session)).then(
    (client) => {
      clients.push(client);
      throw new Error('the socket was accepted');
    },
    (error: Error & { data?: unknown }) => ({ message: error.message, data: error.data }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const env = await collabServerEnv(database.url);
  [victim, survivor] = await Promise.all([
    startServerProcess('victim', env),
    startServerProcess('survivor', env),
  ]);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await stopProcesses([victim, survivor].filter(Boolean));
  await database?.drop();
});

describe('live socket counts after a server process crashes', () => {
  it('gives a crashed process’s places back at once, and the caps still hold on what is really open', async () => {
    const publisherId = (await buildPublisher(database.handle.db)).id;
    const user = await buildUser(database.handle.db, { publisherId });
    const sessions: Session[] = [];
    for (let i = 0; i < 3; i += 1) sessions.push(await loginAt(survivor.url, user.email));
    const [first, second, third] = sessions as [Session, Session, Session];
    const onThird = LIVE_SOCKETS_PER_USER - 2 * LIVE_SOCKETS_PER_SESSION;

    // The user at the cap, all on the victim but one socket on the survivor.
    const onVictim = [
      ...(await open(victim.url, first, LIVE_SOCKETS_PER_SESSION)),
      ...(await open(victim.url, second, LIVE_SOCKETS_PER_SESSION)),
      ...(await open(victim.url, third, onThird - 1)),
    ];
    const kept = await open(survivor.url, third, 1);
    // While the victim runs, its entries count on the survivor too.
    expect(await refusal(survivor.url, third)).toEqual({
      message: messages.liveTooManyUserSockets,
      data: { status: 429, limit: 'user' },
    });

    await killHard(victim);
    await eventually(() => expect(onVictim.every((c) => c.disconnected)).toBe(true), 10_000);

    // The first session's browser reconnects to the survivor and gets its place at once.
    const back = await eventually(
      () => connectAs(survivor.url, sessionHeaders(first)),
      RECOVERY_BUDGET_MS,
      250,
    );
    clients.push(back);

    // The counts now hold exactly the open sockets: the rest of the user's places fill, one more is refused.
    await open(survivor.url, first, LIVE_SOCKETS_PER_SESSION - 1);
    expect(await refusal(survivor.url, first)).toMatchObject({ data: { status: 429, limit: 'session' } });
    await open(survivor.url, second, LIVE_SOCKETS_PER_SESSION);
    await open(survivor.url, third, onThird - 1);
    expect(await refusal(survivor.url, third)).toEqual({
      message: messages.liveTooManyUserSockets,
      data: { status: 429, limit: 'user' },
    });
    // The survivor's own socket kept its place throughout.
    expect(kept[0]!.connected).toBe(true);
  });
});
