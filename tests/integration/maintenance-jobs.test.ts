// The maintenance queue: a purge job run by a real BullMQ worker removes ended sessions only.
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { QUEUES } from '@hc/shared/queues';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { deploymentOf } from '@hc/db/deployment';

let database: TestDatabase;
let workers: RunningWorkers;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  workers = await startWorkers({
    db: database.handle.db,
    deployment: (await deploymentOf(database.handle)).id,
    redisUrl,
    sessionIdleMinutes: 120,
    log: () => undefined,
    prefix,
  });
});
afterAll(async () => {
  await workers.close(); // idempotent: the test may have closed them already
  await database.drop();
});

describe('purge-expired-sessions', () => {
  it('deletes expired and idle sessions and keeps live ones, twice without harm', async () => {
    const db = database.handle.db;
    const publisher = await buildPublisher(db);
    const user = await buildUser(db, { publisherId: publisher.id });
    const base = { userId: user.id, publisherId: publisher.id };
    await db.insert(schema.sessions).values([
      { ...base, tokenHash: 'expired', expiresAt: sql`now() - interval '1 minute'` },
      {
        ...base,
        tokenHash: 'idle',
        expiresAt: sql`now() + interval '1 hour'`,
        lastSeenAt: sql`now() - interval '5 hours'`,
      },
      { ...base, tokenHash: 'live', expiresAt: sql`now() + interval '1 hour'` },
    ]);
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.maintenance, { connection, prefix });
    try {
      for (const run of [1, 2]) {
        const job = await queue.add(
          'purge-expired-sessions',
          { loginAttemptRetentionDays: 90 },
          { jobId: `purge-${run}` },
        );
        await eventually(async () => expect(await job.getState()).toBe('completed'), 15_000);
        const left = await db
          .select({ tokenHash: schema.sessions.tokenHash })
          .from(schema.sessions)
          .where(eq(schema.sessions.userId, user.id));
        expect(left.map((s) => s.tokenHash)).toEqual(['live']);
      }
    } finally {
      // Leave nothing of this suite's queue (nor its hourly scheduler) behind in Redis.
      await workers.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    }
  });
});
