// Issue 9 part 3, item 3: login brute force. 50 bad logins for one account (from 50 addresses) and from
// one address (over 50 accounts) end in 429, a forged X-Forwarded-For does not reset the address count,
// a blocked account is refused even with its right password, and the stored hash is argon2id with at
// least 19 MiB of memory.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

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

describe('login brute force', () => {
  it('50 bad logins for one account, each from another address: 429, even for the right password', async () => {
    const user = await buildUser(t.ctx.db, { publisherId });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await attempt(user.email, 'wrong guess', `10.1.0.${i + 1}`)).statusCode);
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    // Once refused, refused to the end: no attempt slips through between refusals.
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    const right = await attempt(user.email, user.password, '10.1.1.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ success: false, errors: [messages.tooManyLoginAttempts] });
  });

  it('50 bad logins from one address over 50 accounts: 429, and a forged X-Forwarded-For does not reset it', async () => {
    const address = '10.2.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const forged = `203.0.113.${i + 1}`;
      statuses.push((await attempt(`guess${i}@nowhere.example`, 'wrong guess', address, forged)).statusCode);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    // A real account's right password from that address is refused too; another address still works.
    const user = await buildUser(t.ctx.db, { publisherId });
    expect((await attempt(user.email, user.password, address, '198.51.100.7')).statusCode).toBe(429);
    expect((await attempt(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
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
