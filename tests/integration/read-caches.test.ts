// The read caches: highlight list pages and sessions are read once and kept until PostgreSQL
// notifies a change of a table they read. What a caller must never see: another publisher's page, a
// page older than their own write, a change that stays unseen, a session that outlives its end.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { Highlight } from '@hc/shared/api/highlights';
import { eventually } from '../support/retry.ts';
import { authOf, login, startPeerApp, startTestApp, type PeerApp, type TestApp } from '../support/app.ts';
import {
  buildHighlight,
  buildPackage,
  buildProgram,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';

let t: TestApp;
let peer: PeerApp;
let publisherId: number;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;

const PAGE = '/api/v1/editor/highlights/index?order_by=date_desc&per=50&page=1';
const titlesOf = async (app = t.app, h = headers) => {
  const response = await app.inject({ method: 'GET', url: PAGE, headers: h });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.highlights as Highlight[]).map((row) => row.title);
};

/** Writes that fire no trigger, hence no notification: what a cached page would hide. */
const unnotified = (work: (tx: Db) => Promise<unknown>) =>
  t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });
const renameUnnotified = (id: number, title: string) =>
  unnotified((tx) => tx.update(schema.highlights).set({ title }).where(eq(schema.highlights.id, id)));

beforeAll(async () => {
  t = await startTestApp();
  peer = await startPeerApp(t);
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const other = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['apv_article_admin'] });
  headers = authOf(await login(t.app, user.email, user.password));
  const otherUser = await buildUser(t.ctx.db, { publisherId: other });
  otherHeaders = authOf(await login(t.app, otherUser.email, otherUser.password));
  await buildHighlight(t.ctx.db, publisherId, { id: 7_100_001, title: 'First', publishedAt: new Date() });
  await buildHighlight(t.ctx.db, other, { id: 7_200_001, title: 'Other publisher', publishedAt: new Date() });
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

describe('highlight list pages', () => {
  it('are kept per publisher and served again until a highlight changes', async () => {
    // The set-up's own inserts have been told to the caches (else one may empty them mid-test).
    await t.ctx.changes!.barrier();
    expect(await titlesOf()).toEqual(['First']);
    // The same address for another publisher is that publisher's own page.
    expect(await titlesOf(t.app, otherHeaders)).toEqual(['Other publisher']);
    await renameUnnotified(7_100_001, 'Renamed unseen');
    expect(await titlesOf()).toEqual(['First']);
    // Any notified change of the table empties the cache: both writes show.
    await buildHighlight(t.ctx.db, publisherId, { id: 7_100_002, title: 'Second', publishedAt: new Date() });
    await eventually(async () => expect(await titlesOf()).toEqual(['Second', 'Renamed unseen']));
  });

  it("answer a caller's own write at once, on the server that took it", async () => {
    const [before] = (await t.app
      .inject({ method: 'GET', url: PAGE, headers })
      .then((r) => r.json().data.highlights)) as Highlight[];
    expect(before!.article_active).toBe(true);
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/v2/dashboard/articles/${before!.article_id}`,
      headers,
      payload: { apv_mode: 'regular', status: false },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    // No wait: the write's answer came after this server's caches had seen the change.
    const [after] = (await t.app
      .inject({ method: 'GET', url: PAGE, headers })
      .then((r) => r.json().data.highlights)) as Highlight[];
    expect(after!.article_active).toBe(false);
  });

  it('reach every other server within a moment', async () => {
    await titlesOf(peer.app);
    await t.ctx.db
      .update(schema.highlights)
      .set({ title: 'Seen everywhere' })
      .where(eq(schema.highlights.id, 7_100_002));
    await eventually(async () => expect(await titlesOf(peer.app)).toContain('Seen everywhere'), 2_000);
  });

  it('are not served while the change feed has lost its connection, nor kept from before it', async () => {
    await titlesOf();
    const listeners = await queryRows<{ pid: number }>(
      t.ctx.db,
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(listeners.length).toBeGreaterThanOrEqual(2); // this server's and the peer's
    await queryRows(
      t.ctx.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%'`,
    );
    // Changed without a notification while nobody listens: the page must still show it.
    await renameUnnotified(7_100_001, 'Renamed while deaf');
    await eventually(async () => expect(await titlesOf()).toContain('Renamed while deaf'));
    // Listening again (the feed retries each second), caching resumes and changes are seen.
    await eventually(async () => {
      const again = await queryRows<{ pid: number }>(
        t.ctx.db,
        sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(again.length).toBeGreaterThanOrEqual(2);
    });
    expect(t.ctx.changes!.healthy).toBe(true);
    await t.ctx.db
      .update(schema.highlights)
      .set({ title: 'After the feed came back' })
      .where(eq(schema.highlights.id, 7_100_001));
    await eventually(async () => expect(await titlesOf()).toContain('After the feed came back'));
  });
});

describe('package and program list pages', () => {
  it('are kept until a table they read changes: a package page reads its highlights too', async () => {
    const user = await buildUser(t.ctx.db, {
      publisherId,
      roles: ['editorial_manager', 'live_stream_publisher'],
    });
    const h = authOf(await login(t.app, user.email, user.password));
    const names = async () => {
      const [packages, programs] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/v1/editor/packages?per=50', headers: h }),
        t.app.inject({ method: 'GET', url: '/api/v2/dashboard/programs/index', headers: h }),
      ]);
      expect(packages.statusCode, packages.body).toBe(200);
      expect(programs.statusCode, programs.body).toBe(200);
      return {
        packages: (packages.json().data.packages as { name: string }[]).map((p) => p.name),
        programs: (programs.json().data.programs as { program_name: string }[]).map((p) => p.program_name),
      };
    };
    const pkg = await buildPackage(t.ctx.db, publisherId, { highlightIds: [7_100_001], name: 'Derby' });
    const program = await buildProgram(t.ctx.db, publisherId, { programName: 'Morning show' });
    await t.ctx.changes!.barrier();
    expect(await names()).toEqual({ packages: ['Derby'], programs: ['Morning show'] });
    await unnotified(async (tx) => {
      await tx
        .update(schema.packages)
        .set({ name: 'Derby renamed' })
        .where(eq(schema.packages.embedId, pkg.embedId));
      await tx
        .update(schema.programs)
        .set({ programName: 'Show renamed' })
        .where(eq(schema.programs.id, program.id));
    });
    expect(await names()).toEqual({ packages: ['Derby'], programs: ['Morning show'] });
    // A highlight change empties the package pages (they show highlights), not the program pages.
    await t.ctx.db
      .update(schema.highlights)
      .set({ title: 'Retitled' })
      .where(eq(schema.highlights.id, 7_100_001));
    await eventually(async () =>
      expect(await names()).toEqual({ packages: ['Derby renamed'], programs: ['Morning show'] }),
    );
    await buildProgram(t.ctx.db, publisherId, { programName: 'Evening show', startTime: new Date(0) });
    await eventually(async () => expect((await names()).programs).toEqual(['Show renamed', 'Evening show']));
  });
});

describe('kept pages', () => {
  it("go out only past the route's role check, and only for the same address", async () => {
    const manager = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
    const colleague = await buildUser(t.ctx.db, { publisherId, roles: [] });
    const url = '/api/v1/editor/packages?per=20';
    const ask = async (user: { email: string; password: string }, address = url) =>
      t.app.inject({
        method: 'GET',
        url: address,
        headers: authOf(await login(t.app, user.email, user.password)),
      });
    await t.ctx.changes!.barrier();
    expect((await ask(manager)).statusCode).toBe(200);
    expect((await ask(manager)).statusCode).toBe(200); // now kept
    // The same address, kept for this publisher, is refused to a caller without the role...
    expect((await ask(colleague)).statusCode).toBe(403);
    // ...and an address never answered is validated as ever.
    const invalid = await ask(manager, '/api/v1/editor/packages?per=0');
    expect(invalid.statusCode, invalid.body).toBe(400);
  });
});

describe('sessions', () => {
  it('ended on one server are refused by every other within a moment', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const session = authOf(await login(t.app, user.email, user.password));
    const me = { method: 'GET' as const, url: '/api/v1/editor/highlights/index?per=1', headers: session };
    expect((await peer.app.inject(me)).statusCode).toBe(200);
    expect((await t.app.inject(me)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: session,
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect((await t.app.inject(me)).statusCode).toBe(401);
    await eventually(async () => expect((await peer.app.inject(me)).statusCode).toBe(401), 2_000);
  });

  it('kept in memory still refuse their token with another e-mail or another publisher', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const session = authOf(await login(t.app, user.email, user.password));
    const as = (h: Record<string, string>) => t.app.inject({ method: 'GET', url: PAGE, headers: h });
    // Twice: the second call is answered from the session kept by the first.
    expect((await as(session)).statusCode).toBe(200);
    expect((await as(session)).statusCode).toBe(200);
    expect((await as({ ...session, 'x-user-email': 'someone-else@example.com' })).statusCode).toBe(401);
    const [secret] = session['x-user-token'].split(':');
    expect((await as({ ...session, 'x-user-token': `${secret}:${publisherId + 1}` })).statusCode).toBe(401);
    const shouted = ` ${session['x-user-email'].toUpperCase()} `;
    expect((await as({ ...session, 'x-user-email': shouted })).statusCode).toBe(200);
  });

  it("lose the publisher's rows the moment the user's access to it is withdrawn elsewhere", async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const session = authOf(await login(t.app, user.email, user.password));
    const me = { method: 'GET' as const, url: PAGE, headers: session };
    expect((await t.app.inject(me)).statusCode).toBe(200);
    // An administrator's tool or another server withdraws the access in the database.
    await t.ctx.db.delete(schema.userPublisherRoles).where(eq(schema.userPublisherRoles.userId, user.id));
    await eventually(async () => expect((await t.app.inject(me)).statusCode).toBe(401), 2_000);
  });
});
