// Exclusive task locks: the lease of a vertical task or a review article stored on its row.
// Exactly one of 50 racing reviewers wins, every round of 100 (real HTTP, concurrent requests); a
// second tab of the holder gets a new fence and the old one is dead; heartbeats keep a lease past its
// length; a vanished client's lease lapses (leases last 2 s here); release, admin break (403 for
// others), another publisher's task (404), roles (403), the lists showing who holds which row, every
// change pushed as lock_changed to the publisher's sockets, and a second server process agreeing.
// Actions (approve, reject, create, update, submit_feedback) present the live lease in x-lock-fence:
// none, a stale one, a lapsed one or someone else's is a 409 that writes nothing; approve, reject and
// submit free the lease; create and update keep it; each pushes the pending counts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { TaskLock } from '@hc/shared/api/locks';
import type { PendingReviewList } from '@hc/shared/api/review';
import type { VerticalTask } from '@hc/shared/api/vertical';
import type { LockKind } from '@hc/shared/live/events';
import { LEASE_SECONDS, LOCK_FENCE_HEADER, lockMessages, lockPath } from '@hc/shared/live/locks';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { QUEUES } from '@hc/shared/queues';
import { type VerticalRenderJob } from '@hc/shared/job-contracts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { authOf, login, startPeerApp, startTestApp, type PeerApp, type TestApp } from '../support/app.ts';
import { buildArticle, buildPublisher, buildUser } from '../support/factories.ts';
import { collect, connectAs, listeningUrl, type LiveClient } from '../support/live-client.ts';
import { takeLock, withLock } from '../support/locks.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import {
  buildVerticalTask,
  framesOf,
  keyframeFileFor,
  makeSourceVideo,
} from '../support/vertical-factories.ts';

type Headers = Record<string, string>;
const LEASE = 2;
const RACERS = 50;
// 2,000 racing calls per kind; `npm run bench` (its lock race) races 1,000 rounds. 100 rounds here passed the
// 120 s limit on a loaded CI machine.
const ROUNDS = 40;
const REVIEW_ROLES = ['switch_publisher', 'apv_article_admin'] as const;
const jobsPrefix = `hc-test-${randomBytes(4).toString('hex')}`;

let t: TestApp;
let publisherId: number;
let otherPublisherId: number;
let reviewer: Headers;
let reviewer2: Headers;
let admin: Headers;
let viewer: Headers;
let racers: Headers[];

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, ...(payload ? { payload } : {}) });
const lockCall = (
  kind: LockKind,
  id: number,
  headers: Headers,
  action: '' | 'heartbeat' | 'break' = '',
  payload?: object,
) => call('POST', `${lockPath(kind, id)}${action ? `/${action}` : ''}`, headers, payload);
const release = (kind: LockKind, id: number, headers: Headers, fence: number) =>
  call('DELETE', lockPath(kind, id), headers, { fence });
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;
const lockOf = (response: { json(): unknown }) => (response.json() as { data: TaskLock }).data;
const emailOf = (h: Headers) => h['x-user-email']!;
/** A live-channel socket of the session behind these headers. */
const socketOf = async (url: string, h: Headers) => {
  const socket = await connectAs(url, { 'x-user-email': emailOf(h), 'x-user-token': h['x-user-token']! });
  sockets.push(socket);
  return socket;
};

const newTask = async (publisher = publisherId) =>
  (await buildVerticalTask(t.ctx.db, { publisherId: publisher })).videoId;
const newArticle = async (publisher = publisherId) =>
  (await buildArticle(t.ctx.db, publisher, { reviewStatus: 'pending' })).id;
const newTarget = async (kind: LockKind, publisher = publisherId) =>
  kind === 'vertical_task' ? newTask(publisher) : newArticle(publisher);

/**
 * The race runs through real sockets against a second process of the same deployment whose leases last
 * a minute: with this suite's 2 s lease a round slowed down by a loaded machine could see the winner's
 * lease lapse mid-round, and a second winner would then be right.
 */
let racePeer: PeerApp | undefined;
async function raceUrl(): Promise<string> {
  racePeer ??= await startPeerApp(t, { TASK_LOCK_SECONDS: '60' });
  return listeningUrl(racePeer.app);
}

async function loginAs(publisher: number, roles: string[], isAdmin = false) {
  const user = await buildUser(t.ctx.db, { publisherId: publisher, roles: roles as never, isAdmin });
  return authOf(await login(t.app, user.email, user.password));
}

beforeAll(async () => {
  t = await startTestApp({ TASK_LOCK_SECONDS: String(LEASE) }, { jobsPrefix });
  await makeSourceVideo(t.ctx.config.mediaDir);
  publisherId = (await buildPublisher(t.ctx.db)).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
  [reviewer, reviewer2, admin, viewer] = await Promise.all([
    loginAs(publisherId, [...REVIEW_ROLES]),
    loginAs(publisherId, [...REVIEW_ROLES]),
    loginAs(publisherId, [], true),
    loginAs(publisherId, []),
  ]);
  racers = [];
  for (let i = 0; i < RACERS; i += 10) {
    racers.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => loginAs(publisherId, [...REVIEW_ROLES])))),
    );
  }
}, 120_000);

const sockets: LiveClient[] = [];
let peer: PeerApp | undefined;
afterAll(async () => {
  // The renders the actions queued (no worker runs here).
  const queue = new Queue<VerticalRenderJob>(QUEUES.verticalRender, {
    connection: new Redis(redisUrl),
    prefix: jobsPrefix,
  });
  await queue.obliterate({ force: true });
  const connection = await queue.client;
  await queue.close();
  connection.disconnect();
  for (const socket of sockets) socket.close();
  await peer?.close();
  await racePeer?.close();
  await t?.close();
});

describe('configuration', () => {
  it('leases last 30 s unless TASK_LOCK_SECONDS says otherwise', () => {
    expect(loadConfig({}).taskLockSeconds).toBe(LEASE_SECONDS);
    expect(LEASE_SECONDS).toBe(30);
    expect(t.ctx.config.taskLockSeconds).toBe(LEASE);
  });
});

describe.each(['vertical_task', 'article'] as const)('%s locks', (kind) => {
  it(`exactly one of ${RACERS} racing reviewers gets the lease, in each of ${ROUNDS} rounds`, async () => {
    const id = await newTarget(kind);
    const url = `${await raceUrl()}/api/v1/editor/${lockPath(kind, id)}`;
    const fences: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const responses = await Promise.all(
        racers.map(async (headers) => {
          const response = await fetch(url, { method: 'POST', headers });
          return {
            headers,
            status: response.status,
            body: (await response.json()) as Record<string, unknown>,
          };
        }),
      );
      const winners = responses.filter((r) => r.status === 200);
      expect(winners, `round ${round}`).toHaveLength(1);
      const winner = winners[0]!;
      const lock = winner.body.data as TaskLock;
      expect(lock.holder_email).toBe(emailOf(winner.headers));
      for (const loser of responses.filter((r) => r !== winner)) {
        expect(loser.status).toBe(409);
        expect(loser.body.errors).toEqual([lockMessages.heldBy(emailOf(winner.headers))]);
      }
      fences.push(lock.fence);
      const released = await fetch(url, {
        method: 'DELETE',
        headers: { ...winner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ fence: lock.fence }),
      });
      expect(released.status).toBe(200);
    }
    // The fencing number only grows: one step per acquisition.
    expect(fences).toEqual(fences.map((_, i) => fences[0]! + i));
  }, 120_000);

  it('callers racing in one process share the first acquire’s outcome only where it is theirs to see', async () => {
    // A server answers racers from the acquire already asking the database (service.ts): the holder's
    // own second tab and a reviewer of another publisher must still get their own answers.
    const id = await newTarget(kind);
    const outsider = await loginAs(otherPublisherId, [...REVIEW_ROLES]);
    const callers = [reviewer, ...racers.slice(0, 10), reviewer, outsider];
    const responses = await Promise.all(callers.map((h) => lockCall(kind, id, h)));
    const outsiders = responses.filter((_, i) => callers[i] === outsider);
    expect(outsiders.map((r) => r.statusCode)).toEqual([404]);
    expect(errorsOf(outsiders[0]!)).toEqual([messages.notFound]);
    const won = responses.filter((r) => r.statusCode === 200).map((r) => lockOf(r).holder_email);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const holder = won[0]!;
    // Only the holder's tabs win (the second one with a new fence); everyone else is told who holds it.
    expect(new Set(won)).toEqual(new Set([holder]));
    for (const [i, response] of responses.entries()) {
      if (response.statusCode === 200 || callers[i] === outsider) continue;
      expect(response.statusCode).toBe(409);
      expect(errorsOf(response)).toEqual([lockMessages.heldBy(holder)]);
    }
    const lease = lockOf(await lockCall(kind, id, admin, 'break'));
    expect(lease.holder_email).toBeNull();
  });

  it('a second tab of the holder gets a new fence; the first tab’s fence is dead', async () => {
    const id = await newTarget(kind);
    const first = await takeLock(t.app, reviewer, kind, id);
    expect(first).toMatchObject({ kind, id, holder_email: emailOf(reviewer) });
    expect(new Date(first.expires_at!).getTime()).toBeGreaterThan(Date.now());
    const second = await takeLock(t.app, reviewer, kind, id);
    expect(second.fence).toBe(first.fence + 1);

    const stale = await lockCall(kind, id, reviewer, 'heartbeat', { fence: first.fence });
    expect(stale.statusCode).toBe(409);
    expect(errorsOf(stale)).toEqual([lockMessages.lost]);
    expect((await lockCall(kind, id, reviewer, 'heartbeat', { fence: second.fence })).statusCode).toBe(200);
  });

  it('heartbeats keep the lease past its length; without them it lapses and another reviewer gets it', async () => {
    const id = await newTarget(kind);
    const lock = await takeLock(t.app, reviewer, kind, id);
    const started = Date.now();
    // Renew twice at about 60% of the lease: 2.4 s later the lease (2 s) still holds.
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setTimeout(r, LEASE * 600));
      const renewed = await lockCall(kind, id, reviewer, 'heartbeat', { fence: lock.fence });
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect(lockOf(renewed)).toMatchObject({ fence: lock.fence, holder_email: emailOf(reviewer) });
      const refused = await lockCall(kind, id, reviewer2);
      expect(refused.statusCode).toBe(409);
      expect(errorsOf(refused)).toEqual([lockMessages.heldBy(emailOf(reviewer))]);
    }
    expect(Date.now() - started).toBeGreaterThan(LEASE * 1000);

    // The reviewer's tab vanishes (no heartbeat, no release): the lease lapses within its length.
    const lastRenewal = Date.now();
    const taken = await eventually(
      async () => {
        const response = await lockCall(kind, id, reviewer2);
        expect(response.statusCode).toBe(200);
        return lockOf(response);
      },
      (LEASE + 2) * 1000,
      100,
    );
    expect(Date.now() - lastRenewal).toBeLessThan((LEASE + 1) * 1000);
    expect(taken).toMatchObject({ holder_email: emailOf(reviewer2), fence: lock.fence + 1 });

    // The vanished tab's heartbeat comes back too late.
    const late = await lockCall(kind, id, reviewer, 'heartbeat', { fence: lock.fence });
    expect(late.statusCode).toBe(409);
    expect(errorsOf(late)).toEqual([lockMessages.heldBy(emailOf(reviewer2))]);
  }, 20_000);

  it('release frees the task at once; a release with a stale fence changes nothing', async () => {
    const id = await newTarget(kind);
    const first = await takeLock(t.app, reviewer, kind, id);
    const second = await takeLock(t.app, reviewer, kind, id);
    const stale = await release(kind, id, reviewer, first.fence);
    expect(stale.statusCode).toBe(200);
    expect(lockOf(stale)).toMatchObject({ holder_email: emailOf(reviewer), fence: second.fence });
    expect((await lockCall(kind, id, reviewer2)).statusCode).toBe(409);

    // The fence may come in the query (a keepalive request when the tab closes).
    const freed = await call('DELETE', `${lockPath(kind, id)}?fence=${second.fence}`, reviewer);
    expect(freed.statusCode, freed.body).toBe(200);
    expect(lockOf(freed)).toEqual({ kind, id, fence: second.fence, expires_at: null, holder_email: null });
    expect((await lockCall(kind, id, reviewer2)).statusCode).toBe(200);

    const noFence = await call('DELETE', lockPath(kind, id), reviewer2);
    expect(noFence.statusCode).toBe(400);
  });

  it('an admin breaks a lock (the holder’s fence is dead, the break is audited); nobody else may', async () => {
    const id = await newTarget(kind);
    const lock = await takeLock(t.app, reviewer, kind, id);

    const refused = await lockCall(kind, id, reviewer2, 'break');
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)).toEqual([lockMessages.breakAdminsOnly]);

    const broken = await lockCall(kind, id, admin, 'break');
    expect(broken.statusCode, broken.body).toBe(200);
    expect(lockOf(broken)).toMatchObject({ holder_email: null, expires_at: null });
    const heartbeat = await lockCall(kind, id, reviewer, 'heartbeat', { fence: lock.fence });
    expect(heartbeat.statusCode).toBe(409);
    expect(errorsOf(heartbeat)).toEqual([lockMessages.lost]);
    expect((await lockCall(kind, id, reviewer2)).statusCode).toBe(200);

    const audits = await t.ctx.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.objectType, kind),
          eq(schema.auditLog.objectId, String(id)),
          eq(schema.auditLog.actionName, 'lock_break'),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.payload).toMatchObject({ holder_email: emailOf(reviewer), fence: lock.fence });
  });

  it('another publisher’s task is a 404 for every lock call; a missing one too', async () => {
    const foreign = await newTarget(kind, otherPublisherId);
    for (const response of [
      await lockCall(kind, foreign, reviewer),
      await lockCall(kind, foreign, reviewer, 'heartbeat', { fence: 1 }),
      await release(kind, foreign, reviewer, 1),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorsOf(response)).toEqual([messages.notFound]);
    }
    expect((await lockCall(kind, 987_654_321, reviewer)).statusCode).toBe(404);
  });

  it('a user without the task’s review role gets 403', async () => {
    const id = await newTarget(kind);
    const response = await lockCall(kind, id, viewer);
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response)).toEqual([messages.forbidden]);
  });
});

/**
 * The acquire first skips a task row another transaction has locked (it does not queue behind a racing
 * winner), then waits for it when it must: these hold the row in a transaction of their own, as an
 * action (holdForAction), a render status write or a winner that has not committed yet would.
 */
describe.each(['vertical_task', 'article'] as const)(
  '%s locks while another transaction has the row',
  (kind) => {
    const table = kind === 'vertical_task' ? 'vertical_tasks' : 'articles';
    const key = kind === 'vertical_task' ? 'video_id' : 'id';
    let other: pg.Client;
    beforeAll(async () => {
      other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
    });
    afterAll(async () => {
      await other?.query('rollback');
      await other?.end();
    });

    const lockRow = async (id: number) => {
      await other.query('begin');
      await other.query(`select 1 from ${table} where ${key} = $1 for update`, [id]);
    };
    /** Whether the call is still unanswered after a while (it waits on the row). */
    const stillWaiting = async (call: Promise<unknown>) =>
      (await Promise.race([
        call.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('waiting'), 300)),
      ])) === 'waiting';
    const userIdOf = async (h: Headers) =>
      (await other.query<{ id: number }>('select id from users where email = $1', [emailOf(h)])).rows[0]!.id;
    /** Another transaction takes the lease for `holder` and stays open (commit or roll it back). */
    const beginTakingLease = async (id: number, holder: Headers) => {
      await other.query('begin');
      await other.query(
        `update ${table} set lock_holder_user_id = $2, lock_expires_at = now() + interval '60 seconds',
         lock_fence = lock_fence + 1 where ${key} = $1`,
        [id, await userIdOf(holder)],
      );
    };

    it('a free task: the acquire waits for that transaction, then takes the lease', async () => {
      const id = await newTarget(kind);
      await lockRow(id);
      const call = lockCall(kind, id, reviewer);
      expect(await stillWaiting(call)).toBe(true);
      await other.query('commit');
      const response = await call;
      expect(response.statusCode, response.body).toBe(200);
      expect(lockOf(response).holder_email).toBe(emailOf(reviewer));
    });

    it('a task someone else holds: refused at once, naming the holder, though the row is locked', async () => {
      const id = await newTarget(kind);
      await takeLock(t.app, reviewer, kind, id);
      await lockRow(id);
      try {
        const refused = await lockCall(kind, id, reviewer2);
        expect(refused.statusCode).toBe(409);
        expect(errorsOf(refused)).toEqual([lockMessages.heldBy(emailOf(reviewer))]);
      } finally {
        await other.query('commit');
      }
    });

    it('the holder’s second tab waits while its own action has the row, then gets a new fence', async () => {
      const id = await newTarget(kind);
      const first = await takeLock(t.app, reviewer, kind, id);
      await lockRow(id);
      const call = lockCall(kind, id, reviewer);
      expect(await stillWaiting(call)).toBe(true);
      await other.query('commit');
      const response = await call;
      expect(response.statusCode, response.body).toBe(200);
      expect(lockOf(response)).toMatchObject({ holder_email: emailOf(reviewer), fence: first.fence + 1 });
    });

    it('a lease being taken by a transaction not yet committed: the acquire waits for it and names that holder', async () => {
      const id = await newTarget(kind);
      await beginTakingLease(id, reviewer);
      const call = lockCall(kind, id, reviewer2);
      expect(await stillWaiting(call)).toBe(true);
      await other.query('commit');
      const refused = await call;
      // Never 'lost' (a stale read would see the task free): the winner's name.
      expect(refused.statusCode).toBe(409);
      expect(errorsOf(refused)).toEqual([lockMessages.heldBy(emailOf(reviewer))]);
    });

    it('a lease being taken by a transaction that rolls back: the acquire waits, then takes it', async () => {
      const id = await newTarget(kind);
      await beginTakingLease(id, reviewer);
      const call = lockCall(kind, id, reviewer2);
      expect(await stillWaiting(call)).toBe(true);
      await other.query('rollback');
      const response = await call;
      expect(response.statusCode, response.body).toBe(200);
      expect(lockOf(response).holder_email).toBe(emailOf(reviewer2));
    });

    it(`${RACERS} reviewers racing while the row is locked: exactly one holder once it is let go`, async () => {
      const id = await newTarget(kind);
      const url = `${await raceUrl()}/api/v1/editor/${lockPath(kind, id)}`;
      for (let round = 0; round < 3; round++) {
        await lockRow(id);
        const calls = racers.map(async (headers) => {
          const response = await fetch(url, { method: 'POST', headers });
          return {
            headers,
            status: response.status,
            body: (await response.json()) as Record<string, unknown>,
          };
        });
        await new Promise((r) => setTimeout(r, 200));
        await other.query('commit');
        const responses = await Promise.all(calls);
        const winners = responses.filter((r) => r.status === 200);
        expect(winners, `round ${round}`).toHaveLength(1);
        const winner = winners[0]!;
        for (const loser of responses.filter((r) => r !== winner)) {
          expect(loser.status).toBe(409);
          expect(loser.body.errors).toEqual([lockMessages.heldBy(emailOf(winner.headers))]);
        }
        const released = await fetch(url, {
          method: 'DELETE',
          headers: { ...winner.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ fence: (winner.body.data as TaskLock).fence }),
        });
        expect(released.status).toBe(200);
      }
    }, 60_000);
  },
);

describe('the lists show who holds which row', () => {
  it('vertical_tasks rows carry locked_by and lock_expires_at of a live lease only', async () => {
    const held = await newTask();
    const free = await newTask();
    const lock = await takeLock(t.app, reviewer, 'vertical_task', held);
    const response = await call('GET', 'vertical_tasks?status=review&per=100', reviewer2);
    expect(response.statusCode).toBe(200);
    const { tasks } = response.json().data as { tasks: VerticalTask[] };
    expect(tasks.find((r) => r.video_id === held)).toMatchObject({
      locked_by: emailOf(reviewer),
      lock_expires_at: lock.expires_at,
    });
    expect(tasks.find((r) => r.video_id === free)).toMatchObject({ locked_by: null, lock_expires_at: null });
  });

  it('articles/pending_review rows carry locked_by and lock_expires_at of a live lease only', async () => {
    const held = await newArticle();
    const free = await newArticle();
    const lock = await takeLock(t.app, reviewer, 'article', held);
    const response = await call('GET', 'articles/pending_review?per=100', reviewer2);
    expect(response.statusCode).toBe(200);
    const { articles } = response.json().data as PendingReviewList;
    expect(articles.find((r) => r.id === held)).toMatchObject({
      locked_by: emailOf(reviewer),
      lock_expires_at: lock.expires_at,
    });
    expect(articles.find((r) => r.id === free)).toMatchObject({ locked_by: null, lock_expires_at: null });
  });
});

describe('live channel and server processes', () => {
  it('every lease change reaches the publisher’s sockets as lock_changed; another publisher hears nothing', async () => {
    const url = await listeningUrl(t.app);
    const watcher = await socketOf(url, reviewer2);
    const outsider = await socketOf(url, await loginAs(otherPublisherId, [...REVIEW_ROLES]));
    const seen = collect(watcher, 'lock_changed');
    const unseen = collect(outsider, 'lock_changed');
    const id = await newTask();
    const kind = 'vertical_task';
    const expectEvent = (expected: object) =>
      eventually(() => expect(seen).toContainEqual(expect.objectContaining(expected)));

    const lock = await takeLock(t.app, reviewer, kind, id);
    await expectEvent({ kind, id, holder_email: emailOf(reviewer), expires_at: lock.expires_at });

    const renewed = lockOf(await lockCall(kind, id, reviewer, 'heartbeat', { fence: lock.fence }));
    await expectEvent({ kind, id, holder_email: emailOf(reviewer), expires_at: renewed.expires_at });

    await release(kind, id, reviewer, lock.fence);
    await expectEvent({ kind, id, holder_email: null, expires_at: null });
    seen.length = 0;

    const article = await newArticle();
    await takeLock(t.app, reviewer, 'article', article);
    await expectEvent({ kind: 'article', id: article, holder_email: emailOf(reviewer) });
    await lockCall('article', article, admin, 'break');
    await expectEvent({ kind: 'article', id: article, holder_email: null, expires_at: null });

    // Events for the watcher's publisher have all arrived by now; none went to the other publisher.
    expect(unseen).toEqual([]);
  });

  it('a lease taken through one server process is refused through another, which pushes the change too', async () => {
    peer = await startPeerApp(t, { TASK_LOCK_SECONDS: String(LEASE) });
    const watcher = await socketOf(await listeningUrl(peer.app), reviewer2);
    const seen = collect(watcher, 'lock_changed');
    const id = await newTask();

    const lock = await takeLock(t.app, reviewer, 'vertical_task', id);
    const refused = await peer.app.inject({
      method: 'POST',
      url: `/api/v1/editor/${lockPath('vertical_task', id)}`,
      headers: reviewer2,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)).toEqual([lockMessages.heldBy(emailOf(reviewer))]);
    await eventually(() =>
      expect(seen).toContainEqual({
        kind: 'vertical_task',
        id,
        holder_email: emailOf(reviewer),
        expires_at: lock.expires_at,
      }),
    );
  });
});

describe('actions present the live lease (x-lock-fence)', () => {
  const fenced = (h: Headers, fence: number) => ({ ...h, [LOCK_FENCE_HEADER]: String(fence) });
  const suggestionOf = async (videoId: number) => {
    const [row] = await t.ctx.db
      .select({ id: schema.verticalSuggestions.id })
      .from(schema.verticalSuggestions)
      .where(eq(schema.verticalSuggestions.videoId, videoId));
    return row!.id;
  };
  const approve = async (videoId: number, headers: Headers) =>
    call('POST', 'vertical_video/approve', headers, {
      vertical_content_id: await suggestionOf(videoId),
      content_type: 'highlight',
    });
  const reject = (videoId: number, headers: Headers) =>
    call('POST', 'vertical_video/reject', headers, {
      video_id: videoId,
      content_type: 'highlight',
      reason: [VERTICAL_BAD_QUALITY_REASONS[0]],
    });
  const edit = async (action: 'create' | 'update', videoId: number, headers: Headers) => {
    const { first, last } = framesOf(2, 10);
    return call('POST', `vertical_video/${action}`, headers, {
      vertical_content_id: await suggestionOf(videoId),
      content_type: 'highlight',
      keyframe: keyframeFileFor(first, last),
      start_time: 2,
      end_time: 10,
      reason: [VERTICAL_BAD_QUALITY_REASONS[0]],
    });
  };
  const submit = (articleId: number, headers: Headers) =>
    call('POST', 'highlights/submit_feedback', headers, {
      article_id: articleId,
      action_type: 'manual',
      feedback: [],
    });
  const taskState = async (videoId: number) => {
    const [row] = await t.ctx.db
      .select()
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.videoId, videoId));
    return row!;
  };
  const articleState = async (id: number) => {
    const [row] = await t.ctx.db.select().from(schema.articles).where(eq(schema.articles.id, id));
    return row!;
  };

  /** The four refusals every action gives, none of which writes. */
  async function expectRefusals(
    kind: LockKind,
    id: number,
    act: (headers: Headers) => Promise<{ statusCode: number; json(): unknown }>,
  ) {
    // No lease at all, then no header while holding one.
    const none = await act(reviewer);
    expect(none.statusCode).toBe(409);
    expect(errorsOf(none)).toEqual([lockMessages.required]);
    const first = await takeLock(t.app, reviewer, kind, id);
    expect(errorsOf(await act(reviewer))).toEqual([lockMessages.required]);

    // A second tab took a newer fence: the first tab's is stale.
    const second = await takeLock(t.app, reviewer, kind, id);
    const stale = await act(fenced(reviewer, first.fence));
    expect(stale.statusCode).toBe(409);
    expect(errorsOf(stale)).toEqual([lockMessages.lost]);

    // Someone else holds it (the admin broke the lease, a colleague took it).
    await lockCall(kind, id, admin, 'break');
    await takeLock(t.app, reviewer2, kind, id);
    const taken = await act(fenced(reviewer, second.fence));
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)).toEqual([lockMessages.heldBy(emailOf(reviewer2))]);
    const unfenced = await act(reviewer);
    expect(errorsOf(unfenced)).toEqual([lockMessages.heldBy(emailOf(reviewer2))]);
    await lockCall(kind, id, admin, 'break');

    // A lease that lapsed (the tab slept past its heartbeats) cannot write either.
    const lapsed = await takeLock(t.app, reviewer, kind, id);
    await new Promise((r) => setTimeout(r, LEASE * 1000 + 200));
    const late = await act(fenced(reviewer, lapsed.fence));
    expect(late.statusCode).toBe(409);
    expect(errorsOf(late)).toEqual([lockMessages.lost]);
  }

  it('approve: 409 without the live lease and nothing written; with it 202, and the lease is freed', async () => {
    const videoId = await newTask();
    await expectRefusals('vertical_task', videoId, (h) => approve(videoId, h));
    expect(await taskState(videoId)).toMatchObject({ renderState: null, status: 'review' });

    const watcher = await socketOf(await listeningUrl(t.app), reviewer2);
    const locks = collect(watcher, 'lock_changed');
    const counts = collect(watcher, 'pending_counts');
    const before = (await call('GET', 'pending_counts', reviewer2)).json().data.verticalHighlight as number;
    const response = await approve(videoId, await withLock(t.app, reviewer, 'vertical_task', videoId));
    expect(response.statusCode, response.body).toBe(202);
    expect(await taskState(videoId)).toMatchObject({ renderState: 'queued', lockHolderUserId: null });
    await eventually(() =>
      expect(locks).toContainEqual({
        kind: 'vertical_task',
        id: videoId,
        holder_email: null,
        expires_at: null,
      }),
    );
    // The task left the review list: the publisher's counts were pushed.
    await eventually(() => expect(counts.at(-1)?.verticalHighlight).toBe(before - 1));
  }, 20_000);

  it('reject: 409 without the live lease; with it 200, and the lease is freed', async () => {
    const videoId = await newTask();
    await expectRefusals('vertical_task', videoId, (h) => reject(videoId, h));
    expect((await taskState(videoId)).status).toBe('review');
    const response = await reject(videoId, await withLock(t.app, reviewer, 'vertical_task', videoId));
    expect(response.statusCode, response.body).toBe(200);
    expect(await taskState(videoId)).toMatchObject({ status: 'rejected', lockHolderUserId: null });
  }, 20_000);

  it('create and update: 409 without the live lease; with it 202, and the editor keeps its lease', async () => {
    for (const action of ['create', 'update'] as const) {
      const videoId = await newTask();
      await expectRefusals('vertical_task', videoId, (h) => edit(action, videoId, h));
      const lock = await takeLock(t.app, reviewer, 'vertical_task', videoId);
      const response = await edit(action, videoId, fenced(reviewer, lock.fence));
      expect(response.statusCode, response.body).toBe(202);
      expect((response.json() as { data: { task: { locked_by: string | null } } }).data.task.locked_by).toBe(
        emailOf(reviewer),
      );
      const renewed = await lockCall('vertical_task', videoId, reviewer, 'heartbeat', { fence: lock.fence });
      expect(renewed.statusCode).toBe(200);
    }
  }, 30_000);

  it('submit_feedback: 409 without the live lease; with it 200, the lease freed and the counts pushed', async () => {
    const id = await newArticle();
    await expectRefusals('article', id, (h) => submit(id, h));
    expect((await articleState(id)).reviewStatus).toBe('pending');

    const watcher = await socketOf(await listeningUrl(t.app), reviewer2);
    const counts = collect(watcher, 'pending_counts');
    const before = (await call('GET', 'pending_counts', reviewer2)).json().data.autoHighlightReview as number;
    const response = await submit(id, await withLock(t.app, reviewer, 'article', id));
    expect(response.statusCode, response.body).toBe(200);
    expect(await articleState(id)).toMatchObject({ reviewStatus: 'manual', lockHolderUserId: null });
    await eventually(() => expect(counts.at(-1)?.autoHighlightReview).toBe(before - 1));
  }, 20_000);

  it('a bad x-lock-fence is a 400', async () => {
    const id = await newArticle();
    const response = await submit(id, { ...reviewer, [LOCK_FENCE_HEADER]: 'seven' });
    expect(response.statusCode).toBe(400);
  });
});
