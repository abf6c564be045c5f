// The spec's synchronous report calls (bulk-update/fill/, bulk-update/submit) when their job ends
// without a report: each answers as soon as the job ended, never after the two-minute wait, with a status
// saying which end it was: a job cancelled from the job center (409, who cancelled), a job the real
// workers of another deployment on the same queues refuse, failed for good by BullMQ (502, in the
// catalogue's words), and a stored workbook the report-update worker cannot read (422, why).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { JobEntry, JobList } from '@hc/shared/api/job-center';
import type { ReportStatus, Workbook } from '@hc/shared/api/reports';
import { jobCenterMessages, messages } from '@hc/shared/messages';
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
/** Far below the calls' own wait (two minutes): an answer this fast did not wait for it to run out. */
const AT_ONCE_MS = 20_000;
let t: TestApp;
let workers: RunningWorkers | null = null;
let admin: Headers;
let adminEmail: string;
let publisherId: number;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });

const newWorkbook = async () => {
  const response = await call('POST', 'bulk-update/workbooks', admin);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as Workbook).external_id;
};

/** A synchronous call started now, with how long it took to answer. */
const timed = async (answer: Promise<Awaited<ReturnType<typeof call>>>) => {
  const started = Date.now();
  const response = await answer;
  return { response, ms: Date.now() - started };
};

const runWorkers = (deployment: string) =>
  startWorkers({
    db: t.ctx.db,
    deployment,
    redisUrl,
    sessionIdleMinutes: 120,
    log: () => undefined,
    prefix,
  });

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  publisherId = (await buildConfiguredPublisher(t.ctx.db, 'Failing Fortnightly')).publisher.id;
  const user = await buildUser(t.ctx.db, { publisherId, isAdmin: true });
  adminEmail = user.email;
  admin = authOf(await login(t.app, user.email, user.password));
}, 60_000);

afterAll(async () => {
  await workers?.close();
  await t?.close();
});

describe('a synchronous report call whose job ends without a report', () => {
  it('cancelled from the job center while it waits: 409 at once, saying who cancelled it', async () => {
    // No worker runs: the job waits until it is cancelled.
    const pending = timed(
      call('POST', 'bulk-update/fill/', admin, {
        external_id: await newWorkbook(),
        publisher_ids: [publisherId],
      }),
    );
    const entry = await eventually(async () => {
      const jobs = (await call('GET', `jobs?kind=${QUEUES.reportFill}&state=queued`, admin)).json()
        .data as JobList;
      expect(jobs.jobs).toHaveLength(1);
      return jobs.jobs[0]!;
    });
    const cancelled = await call('POST', `jobs/${entry.id}/cancel`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json().data as JobEntry).state).toBe('cancelled');

    const { response, ms } = await pending;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      errors: [jobCenterMessages.cancelledBy(adminEmail)],
    });
    expect(ms).toBeLessThan(AT_ONCE_MS);
  });

  it('failed for good by its worker: 502 at once in the catalogue’s words, and its status says failed', async () => {
    // Real workers of another deployment on the same queues: they refuse this deployment's job, and
    // BullMQ fails it for good on its first attempt.
    workers = await runWorkers('another-deployment');
    try {
      for (const path of ['bulk-update/fill/', 'bulk-update-json/fill/']) {
        const { response, ms } = await timed(
          call('POST', path, admin, { external_id: await newWorkbook(), publisher_ids: [publisherId] }),
        );
        expect(response.statusCode, response.body).toBe(502);
        // The refusal's own wording names deployments: not the caller's to read.
        expect(response.json()).toEqual({ success: false, errors: [messages.somethingWentWrong] });
        expect(ms).toBeLessThan(AT_ONCE_MS);
      }
      const { response } = await timed(
        call('GET', `bulk-update/submit?external_id=${await newWorkbook()}`, admin),
      );
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().errors).toEqual([messages.somethingWentWrong]);

      // The console's status call of the same job says it failed too.
      const jobs = (await call('GET', `jobs?kind=${QUEUES.reportUpdate}`, admin)).json().data as JobList;
      const status = (await call('GET', `bulk-update/jobs/${jobs.jobs[0]!.job_id}`, admin)).json()
        .data as ReportStatus;
      expect(status).toMatchObject({
        kind: 'update',
        state: 'failed',
        errors: [messages.somethingWentWrong],
      });
    } finally {
      await workers.close();
      workers = null;
    }
  });

  it('a stored workbook the report-update worker cannot read: 422 at once, saying why', async () => {
    workers = await runWorkers(t.ctx.deployment.id);
    const externalId = await newWorkbook();
    // Its bytes damaged where it is kept, after it was accepted as a workbook.
    await t.ctx.db
      .update(schema.workbooks)
      .set({ content: Buffer.from('no longer a workbook') })
      .where(eq(schema.workbooks.externalId, externalId));
    for (const answer of [
      () => call('GET', `bulk-update/submit?external_id=${externalId}`, admin),
      () => call('POST', 'bulk-update-json/submit', admin, { external_id: externalId }),
    ]) {
      const { response, ms } = await timed(answer());
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ success: false, errors: ['The file is not an XLSX workbook.'] });
      expect(ms).toBeLessThan(AT_ONCE_MS);
    }
    // A sound workbook on the same workers still answers 200 in the spec's shape.
    const sound = await call('GET', `bulk-update/submit?external_id=${await newWorkbook()}`, admin);
    expect(sound.statusCode, sound.body).toBe(200);
    expect(sound.json()).toEqual({ success: true, link: null, errors: [] });
  });
});
