// A grid submit whose job itself failed (the worker could not run it, not a refused cell) is sent again
// from the same page, with the same session id and the edits the page kept: the server replaces the
// ended job and the edits are applied once.
import { randomBytes } from 'node:crypto';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridData, GridSubmitData, GridSubmitStatus } from '@hc/shared/api/ad-grid';
import { messages } from '@hc/shared/messages';
import { BULLMQ_CONNECTION_OPTIONS } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildUser } from '../support/factories.ts';
import { buildConfiguredPublisher } from '../support/monetization-factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';

type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let workers: RunningWorkers | null = null;
let admin: Headers;
let pub: Awaited<ReturnType<typeof buildConfiguredPublisher>>;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });
const statusOf = async (jobId: string) =>
  (await call('GET', `monetization_setup/submit/${jobId}`, admin)).json().data as GridSubmitStatus;

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  pub = await buildConfiguredPublisher(t.ctx.db, 'Retry Review');
  const adminUser = await buildUser(t.ctx.db, { publisherId: pub.publisher.id, isAdmin: true });
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
});
afterAll(async () => {
  await workers?.close();
  await t.close();
});

describe('a submit whose job failed', () => {
  it('is sent again from the same page with its edits and applied once', async () => {
    const grid = (
      await call('POST', 'ad_config/fill', admin, {
        publisher_ids: [pub.publisher.id],
        session_id: 'retry-fill',
      })
    ).json().data as GridData;
    const row = grid.publisher[0]!;
    // What the page keeps and sends again: its edits, with the versions it loaded, under its session id.
    const body = {
      data: {
        publisher: [{ key: row.key, changes: { errorLimit: 14, midrollTime: 6 }, version: row.version }],
        placement: [],
        display: [],
        displayPlacement: [],
      } satisfies GridSubmitData,
      session_id: `retry-page-${Date.now()}`,
    };

    // A worker that cannot run the job (its database is unreachable): every attempt fails.
    const connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
    const broken = new Worker(
      QUEUES.monetizationSubmit,
      async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
      { connection, prefix },
    );
    let jobId: string;
    try {
      const first = await call('POST', 'monetization_setup/submit', admin, body);
      expect(first.statusCode, first.body).toBe(202);
      jobId = first.json().data.job_id as string;
      // The page sees the failure (after the job's retries) and keeps its edits.
      await eventually(async () => {
        expect(await statusOf(jobId)).toMatchObject({
          state: 'failed',
          errors: [messages.somethingWentWrong],
        });
      }, 60_000);
    } finally {
      await broken.close();
      await connection.quit();
    }
    const stored = async () =>
      (
        await t.ctx.db
          .select()
          .from(schema.videoConfigs)
          .where(eq(schema.videoConfigs.publisherId, pub.publisher.id))
      ).find((r) => r.placementId === null)!.config;
    expect(await stored()).toMatchObject({ errorLimit: 10, midrollTime: 3 });

    // The workers are back; Submit is pressed again on the same page.
    workers = await startWorkers({
      db: t.ctx.db,
      deployment: t.ctx.deployment.id,
      redisUrl,
      sessionIdleMinutes: 120,
      log: () => undefined,
      prefix,
    });
    const again = await call('POST', 'monetization_setup/submit', admin, body);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data.job_id).toBe(jobId);
    await eventually(async () => expect((await statusOf(jobId)).state).toBe('completed'), 30_000);
    expect(await stored()).toMatchObject({ errorLimit: 14, midrollTime: 6 });
    const audits = await t.ctx.db
      .select()
      .from(schema.monetizationAudits)
      .where(eq(schema.monetizationAudits.publisherId, pub.publisher.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.auditedChanges).toEqual({ errorLimit: [10, 14], midrollTime: [3, 6] });
  });
});
