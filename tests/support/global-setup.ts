// Before any suite: PostgreSQL and Redis must answer. Without them the run stops at once and says what
// to start (a laptop with a Docker engine can start both; this machine has them as local services).
import pg from 'pg';
import { Redis } from 'ioredis';
import { adminDatabaseUrl, redisUrl } from './services.ts';

export default async function globalSetup() {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: adminDatabaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    problems.push(`PostgreSQL does not answer at ${adminDatabaseUrl}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    problems.push(`Redis does not answer at ${redisUrl}: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
  if (problems.length > 0) {
    throw new Error(
      `The test services are not running:\n  - ${problems.join('\n  - ')}\n` +
        'Start PostgreSQL and Redis (see README "Running the tests"), or set TEST_DATABASE_URL and REDIS_URL.',
    );
  }
}
