// Update report with a preview, against the real report workers: an earlier workbook uploaded unchanged
// after grid edits shows each reverted cell as a conflict (who, when, what) and writes nothing; a
// confirm is all or nothing unless the admin applies the rest; a confirm applies exactly what was
// previewed, and a row changed after the preview is refused again. Populated workbooks are kept per
// admin, downloadable by date, bounded, and out of reach of other admins.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridData, GridSubmitData } from '@hc/shared/api/ad-grid';
import type {
  PopulatedWorkbook,
  ReportPreview,
  ReportPreviewRow,
  ReportStatus,
  Workbook,
} from '@hc/shared/api/reports';
import { gridCellInvalid, messages } from '@hc/shared/messages';
import { startWorkers, type RunningWorkers } from '@hc/worker/runtime';
import { authOf, login, type TestApp } from '../support/app.ts';
import { buildUser } from '../support/factories.ts';
import { buildConfiguredPublisher } from '../support/monetization-factories.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { startStoryTestApp } from '../support/story-app.ts';

type Headers = Record<string, string>;
type Configured = Awaited<ReturnType<typeof buildConfiguredPublisher>>;
const prefix = `hc-test-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let workers: RunningWorkers;
let admin: Headers;
let adminEmail: string;
let otherAdmin: Headers;
let editor: Headers;
let home: Configured;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });

const upload = async (workbook: ExcelJS.Workbook) => {
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const boundary = `----hc${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.xlsx"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/bulk-update/workbooks/upload',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as Workbook).external_id;
};
const settled = (jobId: string, headers = admin) =>
  eventually(async () => {
    const status = (await call('GET', `bulk-update/jobs/${jobId}`, headers)).json().data as ReportStatus;
    expect(['completed', 'failed']).toContain(status.state);
    return status;
  }, 20_000);
const populate = async (publisherIds: number[], headers = admin, externalId?: string) => {
  const id =
    externalId ??
    ((await call('POST', 'bulk-update/workbooks', headers)).json().data as Workbook).external_id;
  const response = await call('POST', 'bulk-update/fill', headers, {
    external_id: id,
    publisher_ids: publisherIds,
  });
  expect(response.statusCode, response.body).toBe(202);
  const status = await settled(response.json().data.job_id as string, headers);
  expect(status.state).toBe('completed');
  const file = await t.app.inject({ method: 'GET', url: status.link! });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook;
};
const preview = async (externalId: string, headers = admin) => {
  const response = await call('POST', 'bulk-update/preview', headers, { external_id: externalId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ReportPreview;
};
const confirm = async (shown: ReportPreview, applyRest: boolean) => {
  const response = await call('POST', 'bulk-update/submit', admin, {
    external_id: shown.external_id,
    preview_id: shown.preview_id,
    apply_rest: applyRest,
  });
  expect(response.statusCode, response.body).toBe(202);
  const status = await settled(response.json().data.job_id as string);
  expect(status.state).toBe('completed');
  return status;
};
const setCell = (
  workbook: ExcelJS.Workbook,
  sheetName: string,
  key: string,
  label: string,
  value: unknown,
) => {
  const sheet = workbook.getWorksheet(sheetName)!;
  let col = 0;
  sheet.getRow(1).eachCell((cell, at) => {
    if (cell.value === label) col = at;
  });
  expect(col, label).toBeGreaterThan(0);
  let done = false;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === key) {
      row.getCell(col).value = value as ExcelJS.CellValue;
      done = true;
    }
  });
  expect(done, key).toBe(true);
};
const gridOf = async (publisherIds: number[]) =>
  (
    await call('POST', 'ad_config/fill', admin, { publisher_ids: publisherIds, session_id: 'preview-fill' })
  ).json().data as GridData;
const gridSubmit = async (data: Partial<GridSubmitData>) => {
  const response = await call('POST', 'monetization_setup/submit', admin, {
    data: { publisher: [], placement: [], display: [], displayPlacement: [], ...data },
    session_id: `preview-${randomBytes(6).toString('hex')}`,
  });
  expect(response.statusCode, response.body).toBe(202);
  const jobId = response.json().data.job_id as string;
  await eventually(async () => {
    const status = (await call('GET', `monetization_setup/submit/${jobId}`, admin)).json().data;
    expect(status.state).toBe('completed');
  }, 20_000);
};
const configOf = async (
  table: 'video' | 'display',
  publisherId: number,
  placementId: number | null,
  platform?: string,
) => {
  const rows =
    table === 'video'
      ? await t.ctx.db
          .select()
          .from(schema.videoConfigs)
          .where(eq(schema.videoConfigs.publisherId, publisherId))
      : await t.ctx.db
          .select()
          .from(schema.displayConfigs)
          .where(eq(schema.displayConfigs.publisherId, publisherId));
  return rows.find(
    (r) =>
      r.placementId === placementId &&
      (platform === undefined || ('platform' in r && r.platform === platform)),
  )!.config as Record<string, unknown>;
};
const auditCount = async (publisherId: number) =>
  (
    await t.ctx.db
      .select()
      .from(schema.monetizationAudits)
      .where(eq(schema.monetizationAudits.publisherId, publisherId))
  ).length;
const rowOf = (shown: ReportPreview, key: string): ReportPreviewRow => {
  const row = shown.rows.find((r) => r.key === key);
  expect(row, key).toBeDefined();
  return row!;
};

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
  home = await buildConfiguredPublisher(t.ctx.db, 'Kappa Courier');
  const adminUser = await buildUser(t.ctx.db, { publisherId: home.publisher.id, isAdmin: true });
  adminEmail = adminUser.email;
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  const second = await buildUser(t.ctx.db, { publisherId: home.publisher.id, isAdmin: true });
  otherAdmin = authOf(await login(t.app, second.email, second.password));
  const editorUser = await buildUser(t.ctx.db, {
    publisherId: home.publisher.id,
    roles: ['editorial_manager'],
  });
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe('an earlier workbook uploaded unchanged after grid edits', () => {
  it('previews every reverted cell as a conflict, writes nothing, and applies only the rest when asked', async () => {
    const stale = await buildConfiguredPublisher(t.ctx.db, 'Lambda Ledger');
    const edited = await buildConfiguredPublisher(t.ctx.db, 'Mu Monitor');
    const refused = await buildConfiguredPublisher(t.ctx.db, 'Nu News');
    const workbook = await populate([stale.publisher.id, edited.publisher.id, refused.publisher.id]);

    // After the download the grid changes midroll, error limit, skip timer, the mobile fallback and a
    // placement's sizes: the fields the stale workbook used to put back silently.
    const grid = await gridOf([stale.publisher.id]);
    const video = grid.publisher[0]!;
    const mobile = grid.display.find((r) => r.platform === 'mobile')!;
    const sizes = grid.displayPlacement.find((r) => r.platform === 'mobile')!;
    await gridSubmit({
      publisher: [
        {
          key: video.key,
          version: video.version,
          changes: { midrollTime: 8, errorLimit: 15, skip: true, skipTimer: 7 },
        },
      ],
      display: [
        {
          key: mobile.key,
          version: mobile.version,
          changes: {
            fallbackEnable: true,
            pubmaticUrl: 'https://ads.pubmatic.example/AdServer/js/pwt/5678',
            adUnitPath: '/21700000000/apv/lambda',
          },
        },
      ],
      displayPlacement: [
        {
          key: sizes.key,
          version: sizes.version,
          changes: {
            supportedSizes: [
              [300, 250],
              [320, 50],
            ],
          },
        },
      ],
    });

    // The workbook: one valid edit of another publisher, one value out of bounds of a third.
    setCell(workbook, 'Video Publisher', `publisher:${edited.publisher.id}`, 'VAST Retry', 3);
    setCell(workbook, 'Video Publisher', `publisher:${refused.publisher.id}`, 'Max Impressions', 150);
    const externalId = await upload(workbook);
    const audits = {
      stale: await auditCount(stale.publisher.id),
      edited: await auditCount(edited.publisher.id),
    };

    const shown = await preview(externalId);
    const conflict = rowOf(shown, video.key);
    expect(conflict.status).toBe('conflict');
    expect(conflict.reasons[0]).toMatch(
      new RegExp(`^changed by ${adminEmail} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(`),
    );
    expect(conflict.reasons[0]).toContain('Midroll Time');
    expect(conflict.fields).toEqual(
      expect.arrayContaining([
        { field: 'midrollTime', label: 'Midroll Time', current: '8', next: '3', error: null },
        { field: 'errorLimit', label: 'Error Limit', current: '15', next: '10', error: null },
        { field: 'skipTimer', label: 'Skip Timer', current: '7', next: '5', error: null },
      ]),
    );
    expect(rowOf(shown, mobile.key)).toMatchObject({ status: 'conflict' });
    expect(rowOf(shown, mobile.key).fields).toContainEqual(
      expect.objectContaining({ field: 'fallbackEnable', current: 'true', next: 'false' }),
    );
    expect(rowOf(shown, sizes.key)).toMatchObject({ status: 'conflict' });
    expect(rowOf(shown, sizes.key).fields).toContainEqual(
      expect.objectContaining({ field: 'supportedSizes', current: '300x250, 320x50', next: '300x250' }),
    );
    expect(rowOf(shown, `publisher:${edited.publisher.id}`)).toMatchObject({
      status: 'change',
      reasons: [],
      fields: [{ field: 'vastRetry', label: 'VAST Retry', current: '2', next: '3', error: null }],
    });
    // The same message the grid and the config page show on the cell.
    expect(rowOf(shown, `publisher:${refused.publisher.id}`)).toMatchObject({
      status: 'refused',
      fields: [{ field: 'maxImpressions', current: '5', next: '150', error: gridCellInvalid(0, 100) }],
    });

    // The preview wrote nothing.
    const untouched = async () => {
      expect(await configOf('video', stale.publisher.id, null)).toMatchObject({
        midrollTime: 8,
        errorLimit: 15,
        skipTimer: 7,
      });
      expect(await configOf('display', stale.publisher.id, null, 'mobile')).toMatchObject({
        fallbackEnable: true,
      });
      expect(await configOf('display', stale.publisher.id, stale.placement.id, 'mobile')).toMatchObject({
        supportedSizes: [
          [300, 250],
          [320, 50],
        ],
      });
      expect(await configOf('video', refused.publisher.id, null)).not.toHaveProperty('maxImpressions');
    };
    await untouched();
    expect(await configOf('video', edited.publisher.id, null)).toMatchObject({ vastRetry: 2 });

    // Confirmed as is: nothing of the batch is written, and the result says why for each row.
    const all = await confirm(shown, false);
    expect(all.changed).toBe(0);
    expect(all.applied).toEqual([]);
    expect(all.not_applied).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: video.key,
          label: 'Lambda Ledger',
          reason: expect.stringMatching(/^changed by /),
        }),
        { key: `publisher:${edited.publisher.id}`, label: 'Mu Monitor', reason: messages.reportBatchHeld },
        expect.objectContaining({
          key: `publisher:${refused.publisher.id}`,
          reason: `Max Impressions: ${gridCellInvalid(0, 100)}`,
        }),
      ]),
    );
    await untouched();
    expect(await configOf('video', edited.publisher.id, null)).toMatchObject({ vastRetry: 2 });
    expect(await auditCount(edited.publisher.id)).toBe(audits.edited);

    // A preview is confirmed once.
    const twice = await call('POST', 'bulk-update/submit', admin, {
      preview_id: shown.preview_id,
      apply_rest: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, errors: [messages.reportPreviewUsed] });

    // Update report again, and this time apply the rest: only Mu Monitor's retry is written.
    const rest = await confirm(await preview(externalId), true);
    expect(rest.changed).toBe(1);
    expect(rest.applied).toEqual([
      { key: `publisher:${edited.publisher.id}`, label: 'Mu Monitor', fields: ['VAST Retry'] },
    ]);
    expect(rest.not_applied.map((r) => r.key)).toEqual(
      expect.arrayContaining([video.key, mobile.key, sizes.key, `publisher:${refused.publisher.id}`]),
    );
    expect(await configOf('video', edited.publisher.id, null)).toMatchObject({ vastRetry: 3 });
    expect(await auditCount(edited.publisher.id)).toBe(audits.edited + 1);
    await untouched();
    expect(await auditCount(stale.publisher.id)).toBe(audits.stale);
  });
});

describe('a confirmed preview', () => {
  it('applies exactly what was previewed, even after the workbook is populated again', async () => {
    const pub = await buildConfiguredPublisher(t.ctx.db, 'Xi Express');
    const workbook = await populate([pub.publisher.id]);
    setCell(workbook, 'Video Publisher', `publisher:${pub.publisher.id}`, 'Error Limit', 20);
    const externalId = await upload(workbook);
    const shown = await preview(externalId);
    expect(shown.rows.map((r) => r.status)).toEqual(['change']);
    // The spreadsheet is populated again after the preview: its cells now hold the stored values.
    await populate([pub.publisher.id], admin, externalId);
    const status = await confirm(shown, false);
    expect(status.applied).toEqual([
      { key: `publisher:${pub.publisher.id}`, label: 'Xi Express', fields: ['Error Limit'] },
    ]);
    expect(await configOf('video', pub.publisher.id, null)).toMatchObject({ errorLimit: 20 });
  });

  it('refuses a row changed between the preview and the confirm, and writes nothing of the batch', async () => {
    const pub = await buildConfiguredPublisher(t.ctx.db, 'Omicron Observer');
    const workbook = await populate([pub.publisher.id]);
    setCell(workbook, 'Video Publisher', `publisher:${pub.publisher.id}`, 'Error Limit', 20);
    setCell(workbook, 'Video Placement', `placement:${pub.placement.id}`, 'Skip Timer', 6);
    const shown = await preview(await upload(workbook));
    expect(shown.rows.map((r) => r.status)).toEqual(['change', 'change']);

    const row = (await gridOf([pub.publisher.id])).publisher[0]!;
    await gridSubmit({ publisher: [{ key: row.key, version: row.version, changes: { midrollTime: 9 } }] });
    const status = await confirm(shown, false);
    expect(status.changed).toBe(0);
    expect(status.not_applied).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: row.key, reason: expect.stringContaining('(Midroll Time)') }),
        {
          key: `placement:${pub.placement.id}`,
          label: 'Omicron Observer > Omicron Observer Home',
          reason: messages.reportBatchHeld,
        },
      ]),
    );
    expect(await configOf('video', pub.publisher.id, null)).toMatchObject({ errorLimit: 10, midrollTime: 9 });
    expect(await configOf('video', pub.publisher.id, pub.placement.id)).not.toHaveProperty('skipTimer');
  });

  it("is the previewing admin's own: another admin's confirm finds no such preview", async () => {
    const workbook = await populate([home.publisher.id]);
    setCell(workbook, 'Video Publisher', `publisher:${home.publisher.id}`, 'VAST Retry', 4);
    const shown = await preview(await upload(workbook));
    const response = await call('POST', 'bulk-update/submit', otherAdmin, { preview_id: shown.preview_id });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual([messages.reportPreviewGone]);
    expect(
      (await call('POST', 'bulk-update/preview', editor, { external_id: shown.external_id })).statusCode,
    ).toBe(403);
  });
});

describe('populated workbooks', () => {
  it('are kept per admin by date, downloadable as generated, and out of reach of others', async () => {
    const owner = await buildUser(t.ctx.db, { publisherId: home.publisher.id, isAdmin: true });
    const headers = authOf(await login(t.app, owner.email, owner.password));
    expect((await call('GET', 'bulk-update/history', headers)).json().data).toEqual([]);

    await populate([home.publisher.id], headers);
    const second = await buildConfiguredPublisher(t.ctx.db, 'Pi Post');
    await populate([second.publisher.id, home.publisher.id], headers);
    const list = (await call('GET', 'bulk-update/history', headers)).json().data as PopulatedWorkbook[];
    expect(list.map((w) => w.publishers)).toEqual([['Kappa Courier', 'Pi Post'], ['Kappa Courier']]);
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.created_at));

    const file = await call('GET', `bulk-update/history/${list[1]!.id}/file`, headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="report-\d{4}-\d\d-\d\d-\d{4}\.xlsx"$/,
    );
    const kept = new ExcelJS.Workbook();
    await kept.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const keys: unknown[] = [];
    kept.getWorksheet('Video Publisher')!.eachRow((row, n) => n > 1 && keys.push(row.getCell(1).value));
    expect(keys).toEqual([`publisher:${home.publisher.id}`]);

    // Another admin neither lists nor downloads them; a non-admin is refused.
    const theirs = (await call('GET', 'bulk-update/history', otherAdmin)).json().data as PopulatedWorkbook[];
    expect(theirs.map((w) => w.id)).not.toContain(list[0]!.id);
    expect((await call('GET', `bulk-update/history/${list[0]!.id}/file`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', 'bulk-update/history', editor)).statusCode).toBe(403);
    expect((await call('GET', `bulk-update/history/${list[0]!.id}/file`, editor)).statusCode).toBe(403);
    expect((await call('GET', 'bulk-update/history/abc/file', headers)).statusCode).toBe(400);
  });

  it('keeps the newest 50 of an admin and none older than 90 days', async () => {
    const owner = await buildUser(t.ctx.db, { publisherId: home.publisher.id, isAdmin: true });
    const headers = authOf(await login(t.app, owner.email, owner.password));
    const day = 24 * 60 * 60 * 1000;
    await t.ctx.db.insert(schema.populatedWorkbooks).values([
      {
        externalId: 'old',
        publisherIds: [home.publisher.id],
        content: Buffer.from('x'),
        createdBy: owner.id,
        createdAt: new Date(Date.now() - 91 * day),
      },
      ...Array.from({ length: 55 }, (_, i) => ({
        externalId: `w${i}`,
        publisherIds: [home.publisher.id],
        content: Buffer.from('x'),
        createdBy: owner.id,
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    ]);
    await populate([home.publisher.id], headers);
    const list = (await call('GET', 'bulk-update/history', headers)).json().data as PopulatedWorkbook[];
    expect(list).toHaveLength(50);
    expect(list.map((w) => w.external_id)).not.toContain('old');
    // The one just populated is first; the oldest of the others are the ones dropped.
    expect(list[0]!.external_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(list.at(-1)!.external_id).toBe('w48');
  });
});
