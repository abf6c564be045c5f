// The ad configuration grid: the fetch with inherited, overridden and
// default cells; submits run by real monetization-submit workers, all or nothing, with audit entries;
// the same session id applied once; bad input and non-admin callers refused.
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridData, GridSubmitData, GridSubmitStatus } from '@hc/shared/api/ad-grid';
import { gridCellInvalid, gridValueNotAllowed, messages } from '@hc/shared/messages';
import { BULLMQ_CONNECTION_OPTIONS, type TracedJob } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildUser } from '../support/factories.ts';
import { buildConfiguredPublisher, CHANNEL } from '../support/monetization-factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';

type Headers = Record<string, string>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let workers: RunningWorkers;
let admin: Headers;
let adminEmail: string;
let editor: Headers;
let pub: Awaited<ReturnType<typeof buildConfiguredPublisher>>;
let other: Awaited<ReturnType<typeof buildConfiguredPublisher>>;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });
const fill = async (ids: number[]) => {
  const response = await call('POST', 'ad_config/fill', admin, { publisher_ids: ids, session_id: 'fill-1' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as GridData;
};
const emptyData = (): GridSubmitData => ({ publisher: [], placement: [], display: [], displayPlacement: [] });
const submitted = async (data: Partial<GridSubmitData>, sessionId: string) => {
  const response = await call('POST', 'monetization_setup/submit', admin, {
    data: { ...emptyData(), ...data },
    session_id: sessionId,
  });
  expect(response.statusCode, response.body).toBe(202);
  return { jobId: response.json().data.job_id as string, requestId: response.headers['x-request-id'] };
};
const submit = async (data: Partial<GridSubmitData>, sessionId: string) =>
  (await submitted(data, sessionId)).jobId;
const settled = (jobId: string) =>
  eventually(async () => {
    const status = (await call('GET', `monetization_setup/submit/${jobId}`, admin)).json()
      .data as GridSubmitStatus;
    expect(['completed', 'failed']).toContain(status.state);
    return status;
  }, 15_000);
const videoConfigOf = async (placementId: number | null, publisherId = pub.publisher.id) => {
  const rows = await t.ctx.db
    .select()
    .from(schema.videoConfigs)
    .where(eq(schema.videoConfigs.publisherId, publisherId));
  return rows.find((r) => r.placementId === placementId)!.config;
};
const auditCount = async () =>
  (
    await t.ctx.db
      .select()
      .from(schema.monetizationAudits)
      .where(eq(schema.monetizationAudits.publisherId, pub.publisher.id))
  ).length;

beforeAll(async () => {
  t = await startStoryTestApp({ jobsPrefix: prefix });
  workers = await startWorkers({
    db: t.ctx.db,
    deployment: t.ctx.deployment.id,
    redisUrl,
    sessionIdleMinutes: 120,
    log: () => undefined,
    prefix,
  });
  pub = await buildConfiguredPublisher(t.ctx.db, 'Alpha Daily');
  other = await buildConfiguredPublisher(t.ctx.db, 'Beta Weekly');
  const adminUser = await buildUser(t.ctx.db, { publisherId: pub.publisher.id, isAdmin: true });
  adminEmail = adminUser.email;
  const editorUser = await buildUser(t.ctx.db, {
    publisherId: pub.publisher.id,
    roles: ['editorial_manager'],
  });
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe('POST ad_config/fill', () => {
  it('answers the four tabs: defaults in empty cells, a placement inheriting and overriding its publisher', async () => {
    const grid = await fill([pub.publisher.id]);
    expect(grid.publisher).toHaveLength(1);
    expect(grid.publisher[0]).toMatchObject({
      key: `publisher:${pub.publisher.id}`,
      publisherName: 'Alpha Daily',
      placementId: null,
      overridden: [],
    });
    // Stored fields as stored, the rest from the spec's grid defaults.
    expect(grid.publisher[0]!.values).toMatchObject({
      channel: CHANNEL,
      midrollTime: 3,
      maxImpressions: 5,
      startMidroll: 7,
      skipTimer: 5,
      adSequence: '2',
      adManager: 'aniview',
    });
    const [placement] = grid.placement;
    expect(placement).toMatchObject({
      key: `placement:${pub.placement.id}`,
      placementName: 'Alpha Daily Home',
    });
    expect(placement!.values).toMatchObject({ channel: CHANNEL, description: 'Front page', midrollTime: 5 });
    expect(placement!.overridden.sort()).toEqual(['description', 'midrollTime']);
    expect(grid.display.map((r) => r.platform)).toEqual(['desktop', 'mobile']);
    expect(grid.display[0]!.values).toMatchObject({
      fallbackEnable: false,
      displayAdDuration: 10000,
      skipDelay: 0,
    });
    expect(grid.displayPlacement[0]!.values.supportedSizes).toEqual([[300, 250]]);
    expect(
      (await fill([pub.publisher.id, other.publisher.id])).publisher.map((r) => r.publisherName),
    ).toEqual(['Alpha Daily', 'Beta Weekly']);
  });

  it('refuses more than 20 publishers and an empty list', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(
      (await call('POST', 'ad_config/fill', admin, { publisher_ids: ids, session_id: 's' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', 'ad_config/fill', admin, { publisher_ids: [], session_id: 's' })).statusCode,
    ).toBe(400);
  });
});

describe('POST monetization_setup/submit', () => {
  it('applies the edits through the job, with an audit entry per changed record, once per session id', async () => {
    const before = await auditCount();
    const sessionId = `tok${randomBytes(4).toString('hex')}-${Date.now()}`;
    const { jobId, requestId } = await submitted(
      {
        publisher: [{ key: `publisher:${pub.publisher.id}`, changes: { vastRetry: 4 } }],
        placement: [{ key: `placement:${pub.placement.id}`, changes: { midrollTime: null, errorLimit: 12 } }],
      },
      sessionId,
    );
    expect(await settled(jobId)).toEqual({ state: 'completed', progress: 100, errors: [] });
    // The job carries the id of the request that queued it (the worker's log lines of it do too).
    const connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
    const queue = new Queue(QUEUES.monetizationSubmit, { connection, prefix });
    try {
      const job = await queue.getJob(jobId);
      expect((job?.data as TracedJob | undefined)?.httpRequestId).toBe(requestId);
    } finally {
      await queue.close();
      await connection.quit();
    }
    expect(await videoConfigOf(null)).toMatchObject({ vastRetry: 4 });
    // null clears the override: the placement shows its publisher's value again.
    const placement = await videoConfigOf(pub.placement.id);
    expect(placement).toEqual({ description: 'Front page', errorLimit: 12 });
    expect((await fill([pub.publisher.id])).placement[0]!.values.midrollTime).toBe(3);
    const audits = await t.ctx.db
      .select()
      .from(schema.monetizationAudits)
      .where(
        and(
          eq(schema.monetizationAudits.publisherId, pub.publisher.id),
          eq(schema.monetizationAudits.auditableType, 'VideoConfig'),
        ),
      );
    expect(audits.length - before).toBe(2);
    expect(audits.find((a) => a.placementId === null)).toMatchObject({
      email: adminEmail,
      action: 'update',
      associatedType: 'Publisher',
      fieldName: 'vastRetry',
      auditedChanges: { vastRetry: [2, 4] },
    });

    // The same session id again, even with other data: the same job, nothing applied twice.
    const again = await submit(
      { publisher: [{ key: `publisher:${pub.publisher.id}`, changes: { vastRetry: 5 } }] },
      sessionId,
    );
    expect(again).toBe(jobId);
    expect(await settled(again)).toMatchObject({ state: 'completed' });
    expect(await videoConfigOf(null)).toMatchObject({ vastRetry: 4 });
    expect(await auditCount()).toBe(before + 2);
  });

  it('applies nothing when one cell is invalid, with the grid message; the same page may then resubmit', async () => {
    const before = await auditCount();
    const sessionId = `tok${randomBytes(4).toString('hex')}-${Date.now()}`;
    const jobId = await submit(
      {
        publisher: [{ key: `publisher:${pub.publisher.id}`, changes: { viewportAd: 55 } }],
        placement: [{ key: `placement:${pub.placement.id}`, changes: { vastRetry: 9 } }],
      },
      sessionId,
    );
    const status = await settled(jobId);
    expect(status.state).toBe('failed');
    expect(status.errors).toEqual([`Alpha Daily > Alpha Daily Home: VAST Retry: ${gridCellInvalid(1, 5)}`]);
    expect(await videoConfigOf(null)).toMatchObject({ viewportAd: 30 });
    expect(await auditCount()).toBe(before);

    const fixed = await submit(
      {
        publisher: [{ key: `publisher:${pub.publisher.id}`, changes: { viewportAd: 55 } }],
        placement: [{ key: `placement:${pub.placement.id}`, changes: { vastRetry: 5 } }],
      },
      sessionId,
    );
    expect(await settled(fixed)).toMatchObject({ state: 'completed', errors: [] });
    expect(await videoConfigOf(null)).toMatchObject({ viewportAd: 55 });
  });

  it('refuses a placement without description and a display row with fallback on and no ad unit path', async () => {
    const jobId = await submit(
      {
        placement: [{ key: `placement:${pub.placement.id}`, changes: { description: '' } }],
        displayPlacement: [
          { key: `displayPlacement:${pub.placement.id}:mobile`, changes: { adUnitPath: null } },
        ],
        display: [{ key: `display:${pub.publisher.id}:desktop`, changes: { supportedSizes: [[111, 222]] } }],
      },
      `tok-mandatory-${Date.now()}`,
    );
    const status = await settled(jobId);
    expect(status.state).toBe('failed');
    expect(status.errors).toEqual([
      'Alpha Daily > Alpha Daily Home: Mandatory fields are missing: Description',
      'Alpha Daily (desktop): Supported sizes: 111x222 is not an allowed size.',
      'Alpha Daily > Alpha Daily Home (mobile): Mandatory fields are missing: Ad Unit Path',
    ]);
    expect(await videoConfigOf(pub.placement.id)).toMatchObject({ description: 'Front page' });
  });

  it('fails a row that names no stored configuration', async () => {
    const jobId = await submit(
      { publisher: [{ key: 'publisher:999999999', changes: { vastRetry: 3 } }] },
      `tok-gone-${Date.now()}`,
    );
    expect((await settled(jobId)).errors).toEqual([
      'publisher:999999999: this configuration does not exist.',
    ]);
  });

  it('answers 400 for no change, an unknown column, a wrong value type and a missing session id', async () => {
    const post = (body: unknown) => call('POST', 'monetization_setup/submit', admin, body);
    expect((await post({ data: emptyData(), session_id: 'x-1' })).json().errors).toEqual([
      'There are no changes to submit.',
    ]);
    const unknown = await post({
      data: { ...emptyData(), publisher: [{ key: `publisher:${pub.publisher.id}`, changes: { hacker: 1 } }] },
      session_id: 'x-2',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['hacker is not a column of the grid.']);
    const wrongType = await post({
      data: { ...emptyData(), publisher: [{ key: 'publisher:1', changes: { vastRetry: { $gt: 1 } } }] },
      session_id: 'x-3',
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await post({ data: emptyData() })).statusCode).toBe(400);
    expect((await call('GET', 'monetization_setup/submit/grid-unknown', admin)).statusCode).toBe(404);
  });
});

describe('non-admin callers', () => {
  it.each([
    ['POST', 'ad_config/fill', { publisher_ids: [1], session_id: 's' }],
    ['POST', 'monetization_setup/submit', { data: {}, session_id: 's' }],
    ['GET', 'monetization_setup/submit/grid-x', undefined],
  ] as const)('%s %s is 403 for an editor and 401 without a session', async (method, url, body) => {
    const refused = await call(method, url, editor, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, errors: [messages.forbidden] });
    expect((await call(method, url, {}, body)).statusCode).toBe(401);
  });
});

describe('the rules every path shares', () => {
  it('refuses an edit of a placement with a monetization A/B test, with the config page message', async () => {
    const tested = await buildConfiguredPublisher(t.ctx.db, 'Gamma Tested');
    await t.ctx.db.insert(schema.abTests).values({ placementId: tested.placement.id, monetization: true });
    const grid = await fill([tested.publisher.id]);
    expect(grid.placement[0]).toMatchObject({ abTest: true });
    expect(grid.publisher[0]).toMatchObject({ abTest: false });
    const jobId = await submit(
      { placement: [{ key: `placement:${tested.placement.id}`, changes: { errorLimit: 12 } }] },
      `tok-ab-${Date.now()}`,
    );
    const status = await settled(jobId);
    expect(status.state).toBe('failed');
    expect(status.errors).toEqual([`Gamma Tested > Gamma Tested Home: ${messages.abTestBlocked}`]);
    expect(await videoConfigOf(tested.placement.id, tested.publisher.id)).not.toHaveProperty('errorLimit');
  });

  it("refuses an Ad Manager outside the config page's list ('aniveiw-typo')", async () => {
    const jobId = await submit(
      { publisher: [{ key: `publisher:${other.publisher.id}`, changes: { adManager: 'aniveiw-typo' } }] },
      `tok-am-${Date.now()}`,
    );
    const status = await settled(jobId);
    expect(status.state).toBe('failed');
    // The placement inherits the publisher's value, so it is refused with it.
    expect(status.errors).toEqual([
      `Beta Weekly: Ad Manager: ${gridValueNotAllowed(['aniview'])}`,
      `Beta Weekly > Beta Weekly Home: Ad Manager: ${gridValueNotAllowed(['aniview'])}`,
    ]);
    expect(await videoConfigOf(null, other.publisher.id)).not.toHaveProperty('adManager');
  });
});

describe('rows read before a newer save', () => {
  it('refuses a stale row with who changed what and when, keeps the newer value, and applies nothing else', async () => {
    const fresh = await buildConfiguredPublisher(t.ctx.db, 'Delta Stale');
    const read = await fill([fresh.publisher.id]);
    const publisherRow = read.publisher[0]!;
    const placementRow = read.placement[0]!;
    // Another admin (here: the same page on another tab) saves the publisher row first.
    const first = await submit(
      { publisher: [{ key: publisherRow.key, changes: { midrollTime: 9 }, version: publisherRow.version }] },
      `tok-stale-a-${Date.now()}`,
    );
    expect(await settled(first)).toMatchObject({ state: 'completed' });
    const stale = await submit(
      {
        publisher: [{ key: publisherRow.key, changes: { midrollTime: 4 }, version: publisherRow.version }],
        placement: [{ key: placementRow.key, changes: { errorLimit: 20 }, version: placementRow.version }],
      },
      `tok-stale-b-${Date.now()}`,
    );
    const status = await settled(stale);
    expect(status.state).toBe('failed');
    expect(status.errors).toHaveLength(1);
    expect(status.errors[0]).toMatch(
      new RegExp(
        `^Delta Stale: changed by ${adminEmail} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(Midroll Time\\)`,
      ),
    );
    expect(await videoConfigOf(null, fresh.publisher.id)).toMatchObject({ midrollTime: 9 });
    expect(await videoConfigOf(fresh.placement.id, fresh.publisher.id)).not.toHaveProperty('errorLimit');
    // Read again, the same edit goes through.
    const reread = await fill([fresh.publisher.id]);
    const retried = await submit(
      {
        publisher: [
          { key: publisherRow.key, changes: { midrollTime: 4 }, version: reread.publisher[0]!.version },
        ],
      },
      `tok-stale-c-${Date.now()}`,
    );
    expect(await settled(retried)).toMatchObject({ state: 'completed' });
    expect(await videoConfigOf(null, fresh.publisher.id)).toMatchObject({ midrollTime: 4 });
  });
});
