// Login throttling in Redis, per account and per client address, over a sliding window of failures.
// The address is the socket's (or the trusted proxy's view of it), so a forged X-Forwarded-For header
// neither resets nor dodges the address limit.
import type { Redis } from 'ioredis';
import { messages } from '@hc/shared/messages';
import { answeredWithin } from '../../infra/redis.ts';
import { HttpError } from '../../plugins/errors.ts';

export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  failuresPerAccount: 5,
  failuresPerAddress: 20,
} as const;

/**
 * How long a login waits on Redis for its throttle. Past it the login is refused with 503 (fails closed:
 * no login is let through unthrottled); sessions already open need no Redis and go on working.
 */
export const LOGIN_THROTTLE_WAIT_MS = 2_000;
const throttleUnavailable = () => new HttpError(503, [messages.signInUnavailable]);
const bounded = <T>(call: Promise<T>) => answeredWithin(call, LOGIN_THROTTLE_WAIT_MS, throttleUnavailable);

const accountKey = (email: string) => `login:fail:acct:${email}`;
const addressKey = (ip: string) => `login:fail:ip:${ip}`;

export class LoginRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limits = LOGIN_LIMITS,
  ) {}

  /** True when this account or address has used up its failures for the window. */
  async isBlocked(email: string, ip: string): Promise<boolean> {
    const [account, address] = await bounded(this.redis.mget(accountKey(email), addressKey(ip)));
    return (
      Number(account ?? 0) >= this.limits.failuresPerAccount ||
      Number(address ?? 0) >= this.limits.failuresPerAddress
    );
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const ttl = this.limits.windowSeconds;
    await bounded(
      this.redis
        .multi()
        .incr(accountKey(email))
        .expire(accountKey(email), ttl, 'NX')
        .incr(addressKey(ip))
        .expire(addressKey(ip), ttl, 'NX')
        .exec(),
    );
  }

  /** A successful login clears the account's failures (not the address's: one good account must not
   * launder an address that is guessing others). */
  async recordSuccess(email: string): Promise<void> {
    await bounded(this.redis.del(accountKey(email)));
  }
}
