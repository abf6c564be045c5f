// One Redis connection factory, with a fast and clear failure when Redis does not answer.
import { Redis } from 'ioredis';

/** `keyPrefix`: the deployment's namespace, which every key (and, by hand, every channel) is put under. */
export function createRedis(url: string, keyPrefix?: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableReadyCheck: true, lazyConnect: true, keyPrefix });
}

/** Connects and pings, or throws a message saying what to start. */
export async function connectRedis(url: string, keyPrefix?: string): Promise<Redis> {
  const redis = createRedis(url, keyPrefix);
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 5000)),
    ]);
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis does not answer at ${withoutPassword(url)} (${(error as Error).message}). Start a Redis server ` +
        `(e.g. 'redis-server --daemonize yes') or set REDIS_URL.`,
    );
  }
}

/** The URL as it may be printed: a password in it is masked. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * The errors a job-queue producer's command gets when its Redis cannot be reached in time (see
 * job-queue.ts): refused while disconnected (no offline queue), or timed out (no answer). Only that
 * connection has these options, so the error handler answers them 503 with the job queue's message.
 */
export function isJobQueueUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.message === 'Command timed out' ||
    error.message.startsWith("Stream isn't writeable") ||
    error.name === 'MaxRetriesPerRequestError'
  );
}

/**
 * `call`'s outcome, or `timedOut()` thrown after `ms`: a request does not wait on a Redis that stopped
 * answering. The call may still settle later; that late outcome is dropped, not an unhandled rejection.
 */
export async function answeredWithin<T>(call: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  call.catch(() => undefined);
  try {
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
