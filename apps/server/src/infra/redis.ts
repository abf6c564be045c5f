// One Redis connection factory, with a fast and clear failure when Redis does not answer.
import { Redis } from 'ioredis';

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableReadyCheck: true, lazyConnect: true });
}

/** Connects and pings, or throws a message saying what to start. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = createRedis(url);
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 5000)),
    ]);
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis does not answer at ${url} (${(error as Error).message}). Start a Redis server ` +
        `(e.g. 'redis-server --daemonize yes') or set REDIS_URL.`,
    );
  }
}
