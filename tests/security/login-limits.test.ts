// Login brute force: waits that grow instead of locks. A stranger's failures, from one address or from
// fifty, never stop an account's owner signing in from an address they used before; guessing from new
// addresses waits longer after every failure; a forged X-Forwarded-For resets nothing; a right password
// on an account with no publisher is a clear refusal, never counted as a guess; the stored hash is
// argon2id with at least 19 MiB of memory.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { attemptsPerWindow, LOGIN_THROTTLE } from '../../apps/server/src/features/auth/login-rate-limit.ts';

let t: TestApp;
let publisherId: number;

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
});

afterAll(async () => {
  await t?.close();
});

const attempt = (email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/editor/login',
    payload: { email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** The wait key of an account and address together, as the throttle names it. */
const pairWaitKey = (email: string, ip: string) =>
  `login:wait:pair:${email}|${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;

describe('login brute force', () => {
  it('a stranger failing on an account from 50 addresses never stops its owner at their own address', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const home = '10.1.9.9';
    expect((await attempt(user.email, user.password, home)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await attempt(user.email, 'wrong guess', `10.1.0.${i + 1}`)).statusCode);
    // Ten free failures over new addresses, then every new address waits.
    expect(statuses.slice(0, LOGIN_THROTTLE.free.account)).toEqual(
      Array(LOGIN_THROTTLE.free.account).fill(401),
    );
    expect(statuses.slice(LOGIN_THROTTLE.free.account + 1).every((s) => s === 429)).toBe(true);
    // Even the right password from a new address waits, and is told how long.
    const fromElsewhere = await attempt(user.email, user.password, '10.1.1.1');
    expect(fromElsewhere.statusCode).toBe(429);
    expect(fromElsewhere.json()).toEqual({ success: false, errors: [messages.tooManyLoginAttempts] });
    expect(Number(fromElsewhere.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, at home, is not affected.
    expect((await attempt(user.email, user.password, home)).statusCode).toBe(200);
  });

  it('guesses from one address wait 1 s, 2 s, 4 s… after the free ones, whatever the password', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const address = '10.3.0.1';
    for (let i = 0; i < LOGIN_THROTTLE.free.pair; i++) {
      expect((await attempt(user.email, 'wrong guess', address)).statusCode).toBe(401);
    }
    for (const wait of [1, 2, 4, 8]) {
      expect((await attempt(user.email, 'wrong guess', address)).statusCode).toBe(401);
      const refused = await attempt(user.email, user.password, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(wait);
      // The wait passing, without the test waiting it out.
      await t.ctx.redis.del(pairWaitKey(user.email, address));
    }
    // After its wait, the right password goes through and forgets this address's failures.
    expect((await attempt(user.email, user.password, address)).statusCode).toBe(200);
    expect((await attempt(user.email, 'wrong guess', address)).statusCode).toBe(401);
  });

  it('an address guessing over many accounts waits; an office behind it keeps signing in to its own', async () => {
    const office = '10.2.0.1';
    const colleague = await buildUser(t.ctx.db, { publisherId });
    expect((await attempt(colleague.email, colleague.password, office)).statusCode).toBe(200);
    // Twenty failures over twenty accounts (a busy office): no one waits.
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`typo${i}@nowhere.example`, 'wrong', office)).statusCode).toBe(401);
    }
    const newcomer = await buildUser(t.ctx.db, { publisherId });
    expect((await attempt(newcomer.email, newcomer.password, office)).statusCode).toBe(200);
    // Sixty (a spray): new accounts from that address wait, and a forged X-Forwarded-For changes nothing.
    const statuses: number[] = [];
    for (let i = 20; i < 60; i++) {
      statuses.push(
        (await attempt(`guess${i}@nowhere.example`, 'wrong', office, `203.0.113.${i}`)).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    const stranger = await buildUser(t.ctx.db, { publisherId });
    expect((await attempt(stranger.email, stranger.password, office, '198.51.100.7')).statusCode).toBe(429);
    // Those who signed in from the office before are not affected; the stranger elsewhere is not either.
    expect((await attempt(colleague.email, colleague.password, office)).statusCode).toBe(200);
    expect((await attempt(newcomer.email, newcomer.password, office)).statusCode).toBe(200);
    expect((await attempt(stranger.email, stranger.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('bounds guesses per account per hour: 23 from new addresses together, 18 from each known one', () => {
    expect(attemptsPerWindow(LOGIN_THROTTLE.free.account)).toBe(23);
    expect(attemptsPerWindow(LOGIN_THROTTLE.free.pair)).toBe(18);
  });

  it('a right password on an account with no publisher is a clear 403, never counted as a guess', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    await t.ctx.db.delete(schema.userPublisherRoles).where(eq(schema.userPublisherRoles.userId, user.id));
    for (let i = 0; i < LOGIN_THROTTLE.free.pair + 3; i++) {
      const response = await attempt(user.email, user.password, '10.4.0.1');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, errors: [messages.noPublisherYet] });
    }
  });

  it('stores passwords as argon2id with at least 19 MiB of memory', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const [row] = await t.ctx.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.id, user.id));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.hash);
    expect(match, row!.hash.slice(0, 40)).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
  });
});
