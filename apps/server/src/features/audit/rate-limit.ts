// The per-user rate of client-written audit entries (audit_log/create). The audit log is append-only, so
// whatever a browser writes stays: without a bound one session could fill the table (and the disk) for
// good. Counted in Redis under the deployment's namespace, so every server process shares one count.
import type { Redis } from 'ioredis';
import { BurstyRateLimiter, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CLIENT_AUDIT_RATE } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { answeredWithin } from '../../infra/redis.ts';
import { HttpError } from '../../plugins/errors.ts';

/**
 * How long an entry waits on Redis for its count. Past it the entry is refused with 503 (fails closed:
 * an unbounded write is what the count exists to prevent).
 */
export const AUDIT_RATE_WAIT_MS = 2_000;

export type AuditRate = typeof CLIENT_AUDIT_RATE;

/** The most entries one user can have written in `minutes` minutes (the figure docs/security.md states). */
export function auditEntriesWithin(minutes: number, rate: AuditRate = CLIENT_AUDIT_RATE): number {
  const windows = Math.ceil(minutes) + 1;
  const burstWindows = Math.ceil((minutes * 60) / rate.burstWindowSeconds) + 1;
  return windows * rate.perMinute + burstWindows * rate.burstExtra;
}

export class AuditRateLimiter {
  private readonly limiter: BurstyRateLimiter;

  constructor(redis: Redis, rate: AuditRate = CLIENT_AUDIT_RATE) {
    this.limiter = new BurstyRateLimiter(
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: 'audit:rate',
        points: rate.perMinute,
        duration: 60,
      }),
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: 'audit:burst',
        points: rate.burstExtra,
        duration: rate.burstWindowSeconds,
      }),
    );
  }

  /** Seconds this user must wait before their next entry is taken (0: take it, and count it). */
  async take(userId: number): Promise<number> {
    const unavailable = () => new HttpError(503, [messages.auditUnavailable]);
    try {
      await answeredWithin(this.limiter.consume(String(userId)), AUDIT_RATE_WAIT_MS, unavailable);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      if (error instanceof HttpError) throw error;
      throw unavailable();
    }
  }
}
