// Login throttling in Redis, per account and per client address, over a sliding window of failures.
// The address is the socket's (or the trusted proxy's view of it), so a forged X-Forwarded-For header
// neither resets nor dodges the address limit.
import type { Redis } from 'ioredis';

export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  failuresPerAccount: 5,
  failuresPerAddress: 20,
} as const;

const accountKey = (email: string) => `login:fail:acct:${email}`;
const addressKey = (ip: string) => `login:fail:ip:${ip}`;

export class LoginRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limits = LOGIN_LIMITS,
  ) {}

  /** True when this account or address has used up its failures for the window. */
  async isBlocked(email: string, ip: string): Promise<boolean> {
    const [account, address] = await this.redis.mget(accountKey(email), addressKey(ip));
    return (
      Number(account ?? 0) >= this.limits.failuresPerAccount ||
      Number(address ?? 0) >= this.limits.failuresPerAddress
    );
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const ttl = this.limits.windowSeconds;
    await this.redis
      .multi()
      .incr(accountKey(email))
      .expire(accountKey(email), ttl, 'NX')
      .incr(addressKey(ip))
      .expire(addressKey(ip), ttl, 'NX')
      .exec();
  }

  /** A successful login clears the account's failures (not the address's: one good account must not
   * launder an address that is guessing others). */
  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(accountKey(email));
  }
}
