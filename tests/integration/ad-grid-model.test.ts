// A model of one publisher's video settings against the real server and workers: two admins interleave
// grid loads and submits (some at the same moment), workbook populates, and previewed, confirmed
// workbook updates. After every step the stored settings equal the model's: no acknowledged write is
// lost, and no write from a stale grid or workbook replaces a newer one.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridData, GridSubmitStatus } from '@hc/shared/api/ad-grid';
import type { ReportPreview, ReportStatus, Workbook } from '@hc/shared/api/reports';
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
let workers: RunningWorkers;
let clients: [Headers, Headers];
let anchorPublisherId: number;

const FIELDS = { errorLimit: 'Error Limit', midrollTime: 'Midroll Time', vastRetry: 'VAST Retry' } as const;
type Field = keyof typeof FIELDS;
type Values = Record<Field, number>;
const valueOf: Record<Field, fc.Arbitrary<number>> = {
  errorLimit: fc.integer({ min: 1, max: 60 }),
  midrollTime: fc.integer({ min: 1, max: 20 }),
  vastRetry: fc.integer({ min: 1, max: 5 }),
};
const edit = fc
  .constantFrom<Field>('errorLimit', 'midrollTime', 'vastRetry')
  .chain((field) => valueOf[field].map((value) => ({ field, value })));
const client = fc.constantFrom<0 | 1>(0, 1);
const action = fc.oneof(
  fc.record({ kind: fc.constant('load' as const), client }),
  fc.record({ kind: fc.constant('submit' as const), client, edit }),
  fc.record({ kind: fc.constant('race' as const), a: edit, b: edit }),
  fc.record({ kind: fc.constant('populate' as const), client }),
  fc.record({ kind: fc.constant('workbook' as const), client, edit, applyRest: fc.boolean() }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });

interface ClientState {
  /** The version of the grid the client has on screen. */
  loaded: string | null;
  /** The last workbook it populated, with the version it carries. */
  workbook: { content: ExcelJS.Workbook; version: string } | null;
}

/** The publisher-level video settings as stored, and their version. */
async function stored(publisherId: number) {
  const rows = await t.ctx.db
    .select()
    .from(schema.videoConfigs)
    .where(eq(schema.videoConfigs.publisherId, publisherId));
  const own = rows.find((r) => r.placementId === null)!;
  const config = own.config as Record<string, unknown>;
  return {
    values: { errorLimit: config.errorLimit, midrollTime: config.midrollTime, vastRetry: config.vastRetry },
    version: own.updatedAt.toISOString(),
  };
}

async function loadRow(headers: Headers, publisherId: number) {
  const response = await call('POST', 'ad_config/fill', headers, {
    publisher_ids: [publisherId],
    session_id: 'model-fill',
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as GridData).publisher[0]!;
}

/** Sends a grid submit and waits for its job: completed or failed. */
async function submit(headers: Headers, key: string, version: string, field: Field, value: number) {
  const response = await call('POST', 'monetization_setup/submit', headers, {
    data: {
      publisher: [{ key, version, changes: { [field]: value } }],
      placement: [],
      display: [],
      displayPlacement: [],
    },
    session_id: `model-${randomBytes(8).toString('hex')}`,
  });
  expect(response.statusCode, response.body).toBe(202);
  const jobId = response.json().data.job_id as string;
  return eventually(async () => {
    const status = (await call('GET', `monetization_setup/submit/${jobId}`, headers)).json()
      .data as GridSubmitStatus;
    expect(['completed', 'failed']).toContain(status.state);
    return status.state as 'completed' | 'failed';
  }, 20_000);
}

async function reportJob(headers: Headers, jobId: string) {
  return eventually(async () => {
    const status = (await call('GET', `bulk-update/jobs/${jobId}`, headers)).json().data as ReportStatus;
    expect(status.state).toBe('completed');
    return status;
  }, 20_000);
}

async function populate(headers: Headers, publisherId: number) {
  const id = ((await call('POST', 'bulk-update/workbooks', headers)).json().data as Workbook).external_id;
  const started = await call('POST', 'bulk-update/fill', headers, {
    external_id: id,
    publisher_ids: [publisherId],
  });
  expect(started.statusCode, started.body).toBe(202);
  const status = await reportJob(headers, started.json().data.job_id as string);
  const file = await t.app.inject({ method: 'GET', url: status.link! });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

function setCell(workbook: ExcelJS.Workbook, key: string, label: string, value: number) {
  const sheet = workbook.getWorksheet('Video Publisher')!;
  let col = 0;
  sheet.getRow(1).eachCell((cell, at) => {
    if (cell.value === label) col = at;
  });
  sheet.eachRow((row) => {
    if (row.getCell(1).value === key) row.getCell(col).value = value;
  });
}

async function uploadAndPreview(headers: Headers, workbook: ExcelJS.Workbook) {
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const boundary = `----hc${randomBytes(8).toString('hex')}`;
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/bulk-update/workbooks/upload',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const previewed = await call('POST', 'bulk-update/preview', headers, {
    external_id: (uploaded.json().data as Workbook).external_id,
  });
  expect(previewed.statusCode, previewed.body).toBe(200);
  return previewed.json().data as ReportPreview;
}

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
  const anchor = await buildConfiguredPublisher(t.ctx.db, 'Model Anchor');
  anchorPublisherId = anchor.publisher.id;
  const users = [
    await buildUser(t.ctx.db, { publisherId: anchorPublisherId, isAdmin: true }),
    await buildUser(t.ctx.db, { publisherId: anchorPublisherId, isAdmin: true }),
  ];
  clients = [
    authOf(await login(t.app, users[0]!.email, users[0]!.password)),
    authOf(await login(t.app, users[1]!.email, users[1]!.password)),
  ];
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe('two admins editing one publisher through the grid and workbooks', () => {
  it('never lose an acknowledged write, and never let a stale one replace a newer', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 8 }), async (actions: Action[]) => {
        run += 1;
        const { publisher } = await buildConfiguredPublisher(
          t.ctx.db,
          `Model ${run} ${randomBytes(3).toString('hex')}`,
        );
        const key = `publisher:${publisher.id}`;
        const start = await stored(publisher.id);
        const model: { values: Values; version: string } = {
          values: start.values as Values,
          version: start.version,
        };
        const state: [ClientState, ClientState] = [
          { loaded: null, workbook: null },
          { loaded: null, workbook: null },
        ];
        const check = async () => {
          const now = await stored(publisher.id);
          expect(now.values).toEqual(model.values);
          model.version = now.version;
        };

        for (const step of actions) {
          if (step.kind === 'load') {
            state[step.client].loaded = (await loadRow(clients[step.client], publisher.id)).version;
          } else if (step.kind === 'submit') {
            const mine = state[step.client];
            mine.loaded ??= (await loadRow(clients[step.client], publisher.id)).version;
            const fresh = mine.loaded === model.version;
            const outcome = await submit(
              clients[step.client],
              key,
              mine.loaded,
              step.edit.field,
              step.edit.value,
            );
            // Acknowledged exactly when the grid it was made on was current.
            expect(outcome).toBe(fresh ? 'completed' : 'failed');
            if (fresh) model.values[step.edit.field] = step.edit.value;
            await check();
            // The page reloads after a submit either way.
            mine.loaded = model.version;
          } else if (step.kind === 'race') {
            // Both admins load the same grid and submit at the same moment.
            const version = model.version;
            // An edit always changes its cell (a no-op would leave the version as it was).
            const value = (e: { field: Field; value: number }) =>
              e.value !== model.values[e.field] ? e.value : model.values[e.field] === 1 ? 2 : 1;
            const a = { field: step.a.field, value: value(step.a) };
            const b = { field: step.b.field, value: value(step.b) };
            const outcomes = await Promise.all([
              submit(clients[0], key, version, a.field, a.value),
              submit(clients[1], key, version, b.field, b.value),
            ]);
            const winners = outcomes.filter((o) => o === 'completed').length;
            // Each edit changes the record, so the one applied first makes the other stale.
            expect(winners).toBe(1);
            const won = outcomes[0] === 'completed' ? a : b;
            model.values[won.field] = won.value;
            await check();
            state[0].loaded = model.version;
            state[1].loaded = model.version;
          } else if (step.kind === 'populate') {
            const content = await populate(clients[step.client], publisher.id);
            state[step.client].workbook = { content, version: model.version };
            await check();
          } else {
            const mine = state[step.client];
            if (!mine.workbook) {
              mine.workbook = {
                content: await populate(clients[step.client], publisher.id),
                version: model.version,
              };
            }
            setCell(mine.workbook.content, key, FIELDS[step.edit.field], step.edit.value);
            const preview = await uploadAndPreview(clients[step.client], mine.workbook.content);
            const fresh = mine.workbook.version === model.version;
            await check();
            if (preview.rows.length > 0) {
              expect(preview.rows.map((r) => r.status)).toEqual([fresh ? 'change' : 'conflict']);
              const confirmed = await call('POST', 'bulk-update/submit', clients[step.client], {
                preview_id: preview.preview_id,
                apply_rest: step.applyRest,
              });
              expect(confirmed.statusCode, confirmed.body).toBe(202);
              const status = await reportJob(clients[step.client], confirmed.json().data.job_id as string);
              if (fresh) {
                // Every cell the workbook holds is what it shows now, but for the edited ones.
                for (const field of Object.keys(FIELDS) as Field[]) {
                  const cell = preview.rows[0]!.fields.find((f) => f.field === field);
                  if (cell) model.values[field] = Number(cell.next);
                }
                expect(status.applied.map((r) => r.key)).toEqual([key]);
              } else {
                expect(status.applied).toEqual([]);
              }
            }
            await check();
          }
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 600_000);
});
