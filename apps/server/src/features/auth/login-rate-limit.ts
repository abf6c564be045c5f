// Login throttling that slows guessing without locking anyone out. Failures are counted over an hour in
// three ways: per account and address together, per account over the addresses it has never signed in
// from, and per address over the accounts it has never signed in to. Past each count's free failures the
// next attempt of that kind must wait, twice as long after every further failure (1 s, 2 s, 4 s, … up to
// 15 min): a wait, never a lock. An address an account signed in from (remembered 30 days) is "known" for
// it: strangers' failures on the account, or other accounts' failures from the same address, never make
// the owner wait there; only failures on that very account from that very address do.
// The address is the socket's (or the trusted proxy's view of it), so a forged X-Forwarded-For header
// neither resets nor dodges a count.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { messages } from '@hc/shared/messages';
import { answeredWithin } from '../../infra/redis.ts';
import { HttpError } from '../../plugins/errors.ts';

export const LOGIN_THROTTLE = {
  windowSeconds: 60 * 60,
  /** Failures each count allows before the waits begin. */
  free: { pair: 5, account: 10, address: 50 },
  firstWaitSeconds: 1,
  maxWaitSeconds: 15 * 60,
  /** How long a successful sign-in keeps its address known for the account. */
  knownAddressSeconds: 30 * 24 * 60 * 60,
} as const;

export type LoginThrottle = typeof LOGIN_THROTTLE;
type Count = keyof LoginThrottle['free'];

/** The wait after the `over`-th failure past a count's free ones (1-based). */
export function waitAfter(over: number, limits: LoginThrottle = LOGIN_THROTTLE): number {
  return Math.min(limits.maxWaitSeconds, limits.firstWaitSeconds * 2 ** (over - 1));
}

/**
 * The most attempts one count lets through in a window: its free failures and the one that starts the
 * first wait, then one attempt after each wait, the waits adding up to at most the window. The figure
 * docs/security.md states per account.
 */
export function attemptsPerWindow(free: number, limits: LoginThrottle = LOGIN_THROTTLE): number {
  let attempts = free + 1;
  let waited = 0;
  for (let over = 1; ; over += 1) {
    waited += waitAfter(over, limits);
    if (waited > limits.windowSeconds) return attempts;
    attempts += 1;
  }
}

/**
 * How long a login waits on Redis for its throttle. Past it the login is refused with 503 (fails closed:
 * no login is let through unthrottled); sessions already open need no Redis and go on working.
 */
export const LOGIN_THROTTLE_WAIT_MS = 2_000;
const throttleUnavailable = () => new HttpError(503, [messages.signInUnavailable]);
const bounded = <T>(call: Promise<T>) => answeredWithin(call, LOGIN_THROTTLE_WAIT_MS, throttleUnavailable);

/** Addresses are kept hashed: the throttle needs to recognise them, not to know them. */
const addressId = (ip: string) => createHash('sha256').update(ip).digest('base64url').slice(0, 22);
const knownKey = (email: string) => `login:known:${email}`;

export class LoginRateLimiter {
  /** Failures per count within the window. */
  private readonly failures: Record<Count, RateLimiterRedis>;
  /** The waits: a key is blocked for as long as its count's next attempt must wait. */
  private readonly waits: Record<Count, RateLimiterRedis>;

  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginThrottle = LOGIN_THROTTLE,
  ) {
    const counter = (count: Count) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `login:fails:${count}`,
        points: Number.MAX_SAFE_INTEGER,
        duration: limits.windowSeconds,
      });
    const gate = (count: Count) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `login:wait:${count}`, points: 1, duration: 1 });
    this.failures = { pair: counter('pair'), account: counter('account'), address: counter('address') };
    this.waits = { pair: gate('pair'), account: gate('account'), address: gate('address') };
  }

  /**
   * Seconds this attempt must still wait (0: it may go ahead). Asked before the password is checked, so a
   * guess made during a wait learns nothing, right or wrong.
   */
  async waitFor(email: string, ip: string): Promise<number> {
    const keys = await this.keysOf(email, ip);
    const answers = await bounded(
      Promise.all(Object.entries(keys).map(([count, key]) => this.waits[count as Count].get(key))),
    );
    const blocked = answers.filter((res): res is RateLimiterRes => res !== null && res.consumedPoints > 1);
    return Math.max(0, ...blocked.map((res) => Math.ceil(res.msBeforeNext / 1000)));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const keys = await this.keysOf(email, ip);
    await bounded(
      Promise.all(
        Object.entries(keys).map(async ([name, key]) => {
          const count = name as Count;
          const { consumedPoints } = await this.failures[count].penalty(key, 1);
          const over = consumedPoints - this.limits.free[count];
          if (over > 0) await this.waits[count].block(key, waitAfter(over, this.limits));
        }),
      ),
    );
  }

  /**
   * A successful sign-in: this address becomes known for the account, and the failures of this account
   * from this address are forgotten. The account's and the address's other counts stay: one good sign-in
   * must not launder guessing at other accounts, or at this one from elsewhere.
   */
  async recordSuccess(email: string, ip: string): Promise<void> {
    const pair = this.pairKey(email, ip);
    await bounded(
      Promise.all([
        this.failures.pair.delete(pair),
        this.waits.pair.delete(pair),
        this.redis
          .multi()
          .sadd(knownKey(email), addressId(ip))
          .expire(knownKey(email), this.limits.knownAddressSeconds)
          .exec(),
      ]),
    );
  }

  private pairKey(email: string, ip: string) {
    return `${email}|${addressId(ip)}`;
  }

  /** The counts an attempt falls under: always its pair; account and address only from a new address. */
  private async keysOf(email: string, ip: string): Promise<Partial<Record<Count, string>>> {
    const known = (await bounded(this.redis.sismember(knownKey(email), addressId(ip)))) === 1;
    const pair = this.pairKey(email, ip);
    return known ? { pair } : { pair, account: email, address: addressId(ip) };
  }
}
