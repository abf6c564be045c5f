// A per-key limit held in Redis, so that it holds across every server process of the deployment (a user's
// requests may reach any replica). Each holder takes a lease: a member of the key's sorted set, scored with
// the time it lapses. The process renews its leases while the work runs and removes them when it ends; a
// process that dies mid-work leaves leases that lapse within `leaseMs`, so a crash never blocks a user for
// longer than that. The count and the add run as one script: two replicas can never both take the last
// place. Keys sit under the Redis client's keyPrefix, the deployment's namespace, so two deployments sharing
// a Redis never count each other's work.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// KEYS: the key's set. ARGV: now (ms), lapse time (ms), member, size, key TTL (ms).
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

// KEYS: the key's set. ARGV: lapse time (ms), member, key TTL (ms). XX: a released lease stays released.
const RENEW = `
if redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1
`;

export interface SharedLeaseOptions {
  /** How long a lease lasts unrenewed: the longest a crashed process's work keeps its place. */
  leaseMs?: number;
  /** How often a running holder renews its lease (well within leaseMs). */
  renewMs?: number;
}

/** Default lease: long enough to ride over a busy event loop, short enough that a crash costs little. */
export const DEFAULT_LEASE_MS = 30_000;

export class SharedLeaseLimit {
  private readonly leaseMs: number;
  private readonly renewMs: number;

  constructor(
    private readonly redis: Redis,
    /** The Redis key of a holder is `${name}:${key}`. */
    private readonly name: string,
    readonly size: number,
    options: SharedLeaseOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewMs = options.renewMs ?? Math.floor(this.leaseMs / 3);
  }

  private keyOf(key: string) {
    return `${this.name}:${key}`;
  }

  /** Leases the key holds now, every process counted (lapsed ones not). */
  async held(key: string): Promise<number> {
    return this.redis.zcount(this.keyOf(key), Date.now(), '+inf');
  }

  /**
   * A release function, or null when the key already holds every place. The lease is renewed until
   * released; releasing twice is harmless.
   */
  async tryAcquire(key: string): Promise<(() => Promise<void>) | null> {
    const redisKey = this.keyOf(key);
    const member = randomUUID();
    const now = Date.now();
    const taken = await this.redis.eval(
      TAKE,
      1,
      redisKey,
      now,
      now + this.leaseMs,
      member,
      this.size,
      this.leaseMs,
    );
    if (taken !== 1) return null;
    const renew = setInterval(() => {
      // A failed renewal is retried at the next tick; the lease lapses only if every one fails.
      this.redis
        .eval(RENEW, 1, redisKey, Date.now() + this.leaseMs, member, this.leaseMs)
        .catch(() => undefined);
    }, this.renewMs);
    renew.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      // Should Redis be out now, the lease still lapses by itself.
      await this.redis.zrem(redisKey, member).catch(() => undefined);
    };
  }
}
