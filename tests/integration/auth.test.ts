// Login, sessions and their ends, throttling, and the 401 rules, against real PostgreSQL and Redis.
import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../apps/server/src/features/auth/login-rate-limit.ts';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { authOf, login, nextRemoteAddress, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let publisherId: number;
let otherPublisherId: number;

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  otherPublisherId = (await buildPublisher(t.ctx.db)).id;
});
afterAll(() => t.close());

const LOGIN = '/api/v1/auth/editor/login';
const postLogin = (
  payload: unknown,
  remoteAddress = nextRemoteAddress(),
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, remoteAddress, headers });
const userInfo = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/editor/user_info/show', headers });

describe('login', () => {
  it('returns a token of at least 128 random bits followed by the publisher id, stored only as a hash', async () => {
    const user = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
    const response = await postLogin({ email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.email).toBe(user.email);
    expect(body.data.publisher_id).toBe(publisherId);
    const [random, suffix] = body.data.token.split(':');
    expect(suffix).toBe(String(publisherId));
    expect(Buffer.from(random, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const stored = await t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(random);
  });

  it('accepts a 64-character and a Unicode password', async () => {
    const long = 'x'.repeat(32) + 'Y'.repeat(32);
    const unicode = 'pässwörd-密码-🔑-κωδικός';
    for (const password of [long, unicode]) {
      const user = await buildUser(t.ctx.db, { publisherId, password });
      expect((await postLogin({ email: user.email, password })).statusCode).toBe(200);
    }
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    for (const payload of [
      { email: user.email, password: 'wrong password' },
      { email: 'nobody@test.example', password: 'whatever' },
    ]) {
      const response = await postLogin(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, errors: [messages.authenticationFailed] });
    }
  });

  it('answers 400 with a clear message for missing fields, wrong types and huge strings', async () => {
    const cases: unknown[] = [
      {},
      { email: 'a@b.c' },
      { email: 12, password: true },
      { email: 'a@b.c', password: 'x'.repeat(100_000) },
      { email: 'y'.repeat(10_000), password: 'p' },
    ];
    for (const payload of cases) {
      const response = await postLogin(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.errors[0]).toMatch(/email|password/);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().success).toBe(false);
  });

  it('logs every attempt, successful or not', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    await postLogin({ email: user.email, password: 'nope' });
    await postLogin({ email: user.email, password: user.password });
    const attempts = await t.ctx.db
      .select({ success: schema.loginAttempts.success })
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, user.email));
    expect(attempts.map((a) => a.success).sort()).toEqual([false, true]);
  });
});

describe('login throttling', () => {
  it('makes an address wait after repeated failures on an account, even with the right password', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const address = nextRemoteAddress();
    for (let i = 0; i <= LOGIN_THROTTLE.free.pair; i++) {
      expect((await postLogin({ email: user.email, password: `wrong-${i}` }, address)).statusCode).toBe(401);
    }
    const waiting = await postLogin({ email: user.email, password: user.password }, address);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().errors).toEqual([messages.tooManyLoginAttempts]);
    expect(waiting.headers['retry-after']).toBe('1');
  });

  it('makes an address guessing many accounts wait, and a forged X-Forwarded-For does not reset it', async () => {
    const address = nextRemoteAddress();
    for (let i = 0; i <= LOGIN_THROTTLE.free.address; i++) {
      await postLogin({ email: `guess${i}@test.example`, password: 'x' }, address);
    }
    const user = await buildUser(t.ctx.db, { publisherId });
    const forged = await postLogin({ email: user.email, password: user.password }, address, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(forged.statusCode).toBe(429);
    expect((await postLogin({ email: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 without headers, with a wrong token, or with another user e-mail', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const other = await buildUser(t.ctx.db, { publisherId });
    const session = await login(t.app, user.email, user.password);
    const cases: Record<string, string>[] = [
      {},
      { 'x-user-email': user.email },
      { 'x-user-email': user.email, 'x-user-token': `${session.token}x` },
      { 'x-user-email': user.email, 'x-user-token': session.token.replace(/:\d+$/, `:${otherPublisherId}`) },
      { 'x-user-email': other.email, 'x-user-token': session.token },
    ];
    for (const headers of cases) {
      const response = await userInfo(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, errors: [messages.sessionRequired] });
    }
    expect((await userInfo(authOf(session))).statusCode).toBe(200);
  });

  it('expires at the absolute end and after idling', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const absolute = await login(t.app, user.email, user.password);
    const idle = await login(t.app, user.email, user.password);
    const rows = await t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    const [first, second] = rows.sort((a, b) => a.id - b.id);
    await t.ctx.db
      .update(schema.sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.sessions.id, first!.id));
    await t.ctx.db
      .update(schema.sessions)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(schema.sessions.id, second!.id));
    expect((await userInfo(authOf(absolute))).statusCode).toBe(401);
    expect((await userInfo(authOf(idle))).statusCode).toBe(401);
  });

  it('ends at logout', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const session = await login(t.app, user.email, user.password);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: authOf(session),
    });
    expect(logout.json()).toEqual({ success: true, data: null });
    expect((await userInfo(authOf(session))).statusCode).toBe(401);
  });

  it('ends when the user is removed or their access to the publisher is withdrawn', async () => {
    const removed = await buildUser(t.ctx.db, { publisherId });
    const removedSession = await login(t.app, removed.email, removed.password);
    await t.ctx.accounts.remove(removed.id);
    expect((await userInfo(authOf(removedSession))).statusCode).toBe(401);

    const withdrawn = await buildUser(t.ctx.db, { publisherId });
    const withdrawnSession = await login(t.app, withdrawn.email, withdrawn.password);
    await t.ctx.db
      .delete(schema.userPublisherRoles)
      .where(eq(schema.userPublisherRoles.userId, withdrawn.id));
    expect((await userInfo(authOf(withdrawnSession))).statusCode).toBe(401);
  });
});

describe('user info and publisher switch', () => {
  it('tells the roles (with isLoggedIn) and the publishers the user may act for', async () => {
    const user = await buildUser(t.ctx.db, {
      publisherId,
      roles: ['stamp_manager'],
      extraPublishers: [otherPublisherId],
    });
    const session = await login(t.app, user.email, user.password);
    const data = (await userInfo(authOf(session))).json().data;
    expect(data.email).toBe(user.email);
    expect(data.publisher).toMatchObject({ id: publisherId, publisher_id: publisherId });
    expect(data.roles.sort()).toEqual(['isLoggedIn', 'stamp_manager']);
    expect(data.publishers.map((p: { id: number }) => p.id).sort()).toEqual(
      [publisherId, otherPublisherId].sort(),
    );
  });

  it('switches to an allowed publisher with a new token and ends the old one', async () => {
    const user = await buildUser(t.ctx.db, { publisherId, extraPublishers: [otherPublisherId] });
    const session = await login(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/auth/set_publisher?id=${otherPublisherId}`,
      headers: authOf(session),
    });
    expect(response.statusCode).toBe(200);
    const { token, publisher_id } = response.json().data;
    expect(publisher_id).toBe(otherPublisherId);
    expect(token.endsWith(`:${otherPublisherId}`)).toBe(true);
    expect((await userInfo(authOf(session))).statusCode).toBe(401);
    const switched = await userInfo({ 'x-user-email': user.email, 'x-user-token': token });
    expect(switched.json().data.publisher.id).toBe(otherPublisherId);
  });

  it('refuses a publisher the user may not act for as not found, and a bad id as bad input', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const session = await login(t.app, user.email, user.password);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/auth/set_publisher?id=${otherPublisherId}`,
      headers: authOf(session),
    });
    expect(other.statusCode).toBe(404);
    for (const id of ['abc', '-1', '99999999999999999999']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/v1/editor/auth/set_publisher?id=${id}`,
        headers: authOf(session),
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('lets an admin act for every publisher', async () => {
    const admin = await buildUser(t.ctx.db, { publisherId, isAdmin: true });
    const session = await login(t.app, admin.email, admin.password);
    const data = (await userInfo(authOf(session))).json().data;
    expect(data.roles).toContain('admin');
    expect(data.publishers.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([publisherId, otherPublisherId]),
    );
  });
});

describe('users CLI', () => {
  const cli = (args: string[]) =>
    spawnSync('node', ['--import', 'tsx', 'apps/server/src/cli/users.ts', ...args], {
      cwd: new URL('../../', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('adds a user who can log in, changes the password ending their sessions, and removes them', async () => {
    const email = `cli-${Date.now()}@test.example`;
    const added = cli([
      'add',
      '--email',
      email,
      '--password',
      'first-password',
      '--publisher',
      String(publisherId),
      '--roles',
      'editorial_manager,stamp_manager',
    ]);
    expect(added.status, added.stderr).toBe(0);
    const session = await login(t.app, email, 'first-password');
    expect((await userInfo(authOf(session))).json().data.roles.sort()).toEqual([
      'editorial_manager',
      'isLoggedIn',
      'stamp_manager',
    ]);

    expect(cli(['list']).stdout).toContain(email);

    const changed = cli(['passwd', '--email', email, '--password', 'second-password']);
    expect(changed.status, changed.stderr).toBe(0);
    // The CLI is another process: this server hears of its change through the change feed, in
    // the time a notification takes; a barrier waits for exactly that.
    await t.ctx.changes!.barrier();
    expect((await userInfo(authOf(session))).statusCode).toBe(401);
    const again = await login(t.app, email, 'second-password');

    expect(cli(['remove', '--email', email]).status).toBe(0);
    await t.ctx.changes!.barrier();
    expect((await userInfo(authOf(again))).statusCode).toBe(401);
  });

  it('refuses unknown roles and publishers with a message and exit code 2', () => {
    const badRole = cli([
      'add',
      '--email',
      'x@test.example',
      '--password',
      'long-enough',
      '--publisher',
      String(publisherId),
      '--roles',
      'overlord',
    ]);
    expect(badRole.status).toBe(2);
    expect(badRole.stderr).toContain('Unknown role(s): overlord');
    const badPublisher = cli([
      'add',
      '--email',
      'x@test.example',
      '--password',
      'long-enough',
      '--publisher',
      '1',
    ]);
    expect(badPublisher.status).toBe(2);
    expect(badPublisher.stderr).toContain('does not exist');
  });
});
