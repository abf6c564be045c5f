// Bulk reports with real report-fill and report-update
// workers: a filled workbook read back with exceljs, an edited workbook whose valid rows are applied
// with audit entries and whose bad rows are reported one by one, a job run again applying nothing,
// 'missing inputs', uploads inspected on the server, download links, non-admin callers refused, and a
// worker process killed mid-update whose workbook another worker then applies exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { GridData } from '@hc/shared/api/ad-grid';
import type { ReportStatus, Workbook } from '@hc/shared/api/reports';
import { gridCellInvalid, messages } from '@hc/shared/messages';
import { BULLMQ_CONNECTION_OPTIONS, type ReportJob, type TracedJob } from '@hc/shared/job-contracts';
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
let workers: RunningWorkers | null = null;
const children: ChildProcess[] = [];
const workerScript = fileURLToPath(new URL('../support/report-worker.ts', import.meta.url));
let admin: Headers;
let adminUserId: number;
let adminEmail: string;
let editor: Headers;
let pub: Awaited<ReturnType<typeof buildConfiguredPublisher>>;
let other: Awaited<ReturnType<typeof buildConfiguredPublisher>>;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });

function multipart(content: Buffer, filename: string) {
  const boundary = `----hc${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const upload = (content: Buffer, headers: Headers = admin) => {
  const body = multipart(content, 'report.xlsx');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/bulk-update/workbooks/upload',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const newWorkbook = async () => {
  const response = await call('POST', 'bulk-update/workbooks', admin);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as Workbook).external_id;
};
const settled = (jobId: string) =>
  eventually(async () => {
    const status = (await call('GET', `bulk-update/jobs/${jobId}`, admin)).json().data as ReportStatus;
    expect(['completed', 'failed']).toContain(status.state);
    return status;
  }, 15_000);
const fill = async (externalId: string, publisherIds: number[]) => {
  const response = await call('POST', 'bulk-update/fill', admin, {
    external_id: externalId,
    publisher_ids: publisherIds,
  });
  expect(response.statusCode, response.body).toBe(202);
  return settled(response.json().data.job_id as string);
};
const download = async (link: string) => {
  const response = await t.app.inject({ method: 'GET', url: link });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
};
const headerIndex = (sheet: ExcelJS.Worksheet, label: string) => {
  let at = 0;
  sheet.getRow(1).eachCell((cell, col) => {
    if (cell.value === label) at = col;
  });
  expect(at, label).toBeGreaterThan(0);
  return at;
};
const rowOfKey = (sheet: ExcelJS.Worksheet, key: string) => {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === key) found = row;
  });
  expect(found, key).toBeDefined();
  return found!;
};
const auditsOf = (publisherId: number) =>
  t.ctx.db
    .select()
    .from(schema.monetizationAudits)
    .where(eq(schema.monetizationAudits.publisherId, publisherId));
const videoConfigOf = async (publisherId: number, placementId: number | null) => {
  const rows = await t.ctx.db
    .select()
    .from(schema.videoConfigs)
    .where(eq(schema.videoConfigs.publisherId, publisherId));
  return rows.find((r) => r.placementId === placementId)!.config as Record<string, unknown>;
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
    // A queue's stalled check is rate-limited to one per interval across its workers: these workers'
    // interval must be short too, or the kill test waits for the default 30 s one.
    monetization: { lockDurationMs: 1000, stalledIntervalMs: 500 },
  });
  pub = await buildConfiguredPublisher(t.ctx.db, 'Gamma Gazette');
  other = await buildConfiguredPublisher(t.ctx.db, 'Delta Daily');
  const adminUser = await buildUser(t.ctx.db, { publisherId: pub.publisher.id, isAdmin: true });
  adminUserId = adminUser.id;
  adminEmail = adminUser.email;
  const editorUser = await buildUser(t.ctx.db, {
    publisherId: pub.publisher.id,
    roles: ['editorial_manager'],
  });
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await workers?.close();
  await t.close();
});

/** The real workers in their own process, pausing `delayMs` per applied record. */
function startWorkerProcess(delayMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      REPORT_TEST_DATABASE_URL: t.database.url,
      REPORT_TEST_REDIS_URL: redisUrl,
      REPORT_TEST_PREFIX: prefix,
      REPORT_TEST_DELAY_MS: String(delayMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
  });
}

describe('report-fill', () => {
  it("writes the chosen publishers' four tabs into the workbook, downloadable by its link", async () => {
    const externalId = await newWorkbook();
    const status = await fill(externalId, [pub.publisher.id, other.publisher.id]);
    expect(status).toMatchObject({ kind: 'fill', state: 'completed', progress: 100, errors: [] });
    expect(status.link).toMatch(/^\/files\/workbooks\/[A-Za-z0-9_-]{22}$/);

    const workbook = await download(status.link!);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Video Publisher',
      'Video Placement',
      'Display',
      'Display Placement',
    ]);
    const publishers = workbook.getWorksheet('Video Publisher')!;
    expect(publishers.rowCount).toBe(3);
    const row = rowOfKey(publishers, `publisher:${pub.publisher.id}`);
    expect(row.getCell(2).value).toBe('Gamma Gazette');
    expect(row.getCell(headerIndex(publishers, 'Channel ID')).value).toBe(CHANNEL);
    expect(row.getCell(headerIndex(publishers, 'Start Midroll')).value).toBe(7);
    const placements = workbook.getWorksheet('Video Placement')!;
    const placement = rowOfKey(placements, `placement:${pub.placement.id}`);
    expect(placement.getCell(headerIndex(placements, 'Midroll Time')).value).toBe(5);
    expect(placement.getCell(headerIndex(placements, 'Description')).value).toBe('Front page');
    // Inherited cells stay blank: the placement shows its publisher's channel without holding it.
    expect(placement.getCell(headerIndex(placements, 'Channel ID')).value).toBeNull();
    const display = workbook.getWorksheet('Display Placement')!;
    const mobile = rowOfKey(display, `displayPlacement:${pub.placement.id}:mobile`);
    expect(mobile.getCell(headerIndex(display, 'Supported sizes')).value).toBe('300x250');
    expect(mobile.getCell(headerIndex(display, 'Fallback Enable')).value).toBe(true);

    // The link is the permission: a made-up token finds nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: '/files/workbooks/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode,
    ).toBe(404);
  });

  it('fills a group picker row with every publisher of the group', async () => {
    const [group] = await t.ctx.db
      .insert(schema.publisherGroups)
      .values({ name: 'Report Group' })
      .returning();
    await t.ctx.db
      .update(schema.publishers)
      .set({ groupId: group!.id })
      .where(eq(schema.publishers.id, other.publisher.id));
    const response = await call('POST', 'bulk-update/fill', admin, {
      external_id: await newWorkbook(),
      group_ids: [group!.id],
    });
    expect(response.statusCode, response.body).toBe(202);
    const status = await settled(response.json().data.job_id as string);
    const sheet = (await download(status.link!)).getWorksheet('Video Publisher')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(`publisher:${other.publisher.id}`);
    const empty = await t.ctx.db.insert(schema.publisherGroups).values({ name: 'Nobody' }).returning();
    const none = await call('POST', 'bulk-update/fill', admin, {
      external_id: await newWorkbook(),
      group_ids: [empty[0]!.id],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual(['The chosen groups have no publishers.']);
  });

  it("answers 'missing inputs' without a spreadsheet id or a publisher, 404 for an unknown id", async () => {
    const externalId = await newWorkbook();
    for (const body of [
      { publisher_ids: [pub.publisher.id] },
      { external_id: '  ', publisher_ids: [pub.publisher.id] },
      { external_id: externalId, publisher_ids: [] },
    ]) {
      const response = await call('POST', 'bulk-update/fill', admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([messages.missingInputs]);
    }
    expect((await call('POST', 'bulk-update/submit', admin, {})).json().errors).toEqual([
      messages.missingInputs,
    ]);
    const unknown = await call('POST', 'bulk-update/fill', admin, {
      external_id: 'BBBBBBBBBBBBBBBBBBBBBB',
      publisher_ids: [pub.publisher.id],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual(['This spreadsheet does not exist.']);
    const link = await call('GET', 'bulk-update/workbooks/BBBBBBBBBBBBBBBBBBBBBB/link', admin);
    expect(link.statusCode).toBe(404);
    expect((await call('GET', 'bulk-update/jobs/report-fill-999999', admin)).statusCode).toBe(404);
  });
});

describe("the spec's synchronous paths", () => {
  it('fill on bulk-update/fill/ and bulk-update-json/fill/ answers success, link and errors once the job ended', async () => {
    for (const path of ['bulk-update/fill/', 'bulk-update-json/fill/']) {
      const response = await call('POST', path, admin, {
        external_id: await newWorkbook(),
        publisher_ids: [pub.publisher.id],
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { success: boolean; link: string; errors: string[] };
      expect(body).toMatchObject({ success: true, errors: [] });
      const sheet = (await download(body.link)).getWorksheet('Video Publisher')!;
      expect(rowOfKey(sheet, `publisher:${pub.publisher.id}`).getCell(2).value).toBe('Gamma Gazette');
    }
    const missing = await call('POST', 'bulk-update-json/fill/', admin, {
      publisher_ids: [pub.publisher.id],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([messages.missingInputs]);
  });

  it('submit by GET bulk-update/submit?external_id and POST bulk-update-json/submit answers success and errors', async () => {
    const externalId = await newWorkbook();
    await fill(externalId, [pub.publisher.id]);
    const byGet = await call('GET', `bulk-update/submit?external_id=${externalId}`, admin);
    expect(byGet.statusCode, byGet.body).toBe(200);
    expect(byGet.json()).toEqual({ success: true, link: null, errors: [] });
    const byPost = await call('POST', 'bulk-update-json/submit', admin, { external_id: externalId });
    expect(byPost.json()).toEqual({ success: true, link: null, errors: [] });
    const unknown = await call('GET', 'bulk-update/submit?external_id=AAAAAAAAAAAAAAAAAAAAAA', admin);
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `bulk-update/submit?external_id=${externalId}`, editor)).statusCode).toBe(403);
  });
});

describe('report-update', () => {
  it('applies the valid rows with audit entries, reports each bad row, and a job run again applies nothing', async () => {
    const filled = await fill(await newWorkbook(), [pub.publisher.id, other.publisher.id]);
    const workbook = await download(filled.link!);
    const publishers = workbook.getWorksheet('Video Publisher')!;
    // Valid: Gamma's VAST retry 2 -> 4. Bad: Delta's max impressions 150 (0..100).
    rowOfKey(publishers, `publisher:${pub.publisher.id}`).getCell(
      headerIndex(publishers, 'VAST Retry'),
    ).value = 4;
    rowOfKey(publishers, `publisher:${other.publisher.id}`).getCell(
      headerIndex(publishers, 'Max Impressions'),
    ).value = 150;
    // Bad: a placement's description emptied (mandatory for placements).
    const placements = workbook.getWorksheet('Video Placement')!;
    rowOfKey(placements, `placement:${other.placement.id}`).getCell(
      headerIndex(placements, 'Description'),
    ).value = null;
    // Valid: a placement's error limit written as text.
    rowOfKey(placements, `placement:${pub.placement.id}`).getCell(
      headerIndex(placements, 'Error Limit'),
    ).value = '12';
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());

    const uploaded = await upload(edited);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const externalId = (uploaded.json().data as Workbook).external_id;
    const auditsBefore = (await auditsOf(pub.publisher.id)).length;
    const otherAuditsBefore = (await auditsOf(other.publisher.id)).length;

    const started = await call('POST', 'bulk-update/submit', admin, { external_id: externalId });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().data.job_id as string;
    const status = await settled(jobId);
    expect(status).toMatchObject({ kind: 'update', state: 'completed', link: null, changed: 2 });
    expect(status.errors).toEqual([
      `Delta Daily: Max Impressions: ${gridCellInvalid(0, 100)}`,
      // The placement shows its publisher's bad value too, so it is checked (and held back) with it.
      `Delta Daily > Delta Daily Home: Max Impressions: ${gridCellInvalid(0, 100)}; Mandatory fields are missing: Description`,
    ]);

    expect(await videoConfigOf(pub.publisher.id, null)).toMatchObject({ vastRetry: 4 });
    expect(await videoConfigOf(pub.publisher.id, pub.placement.id)).toMatchObject({
      errorLimit: 12,
      description: 'Front page',
    });
    expect(await videoConfigOf(other.publisher.id, null)).not.toHaveProperty('maxImpressions');
    expect(await videoConfigOf(other.publisher.id, other.placement.id)).toMatchObject({
      description: 'Front page',
    });
    const audits = await auditsOf(pub.publisher.id);
    expect(audits.length - auditsBefore).toBe(2);
    expect(audits.find((a) => a.placementId === null && a.fieldName === 'vastRetry')).toMatchObject({
      userId: adminUserId,
      action: 'update',
      auditedChanges: { vastRetry: [2, 4] },
    });
    expect((await auditsOf(other.publisher.id)).length).toBe(otherAuditsBefore);

    // The same request delivered again (a retry after a crash, a duplicate): it is done, nothing applies.
    const connection = new Redis(redisUrl, BULLMQ_CONNECTION_OPTIONS);
    const queue = new Queue<ReportJob>(QUEUES.reportUpdate, { connection, prefix });
    try {
      const job = await queue.getJob(jobId);
      expect(job).toBeDefined();
      // The job carries the id of the request that queued it (the worker's log lines of it do too).
      expect((job!.data as TracedJob).httpRequestId).toBe(started.headers['x-request-id']);
      await job!.remove();
      await queue.add('update', job!.data, { jobId });
      await eventually(
        async () => expect(await (await queue.getJob(jobId))?.getState()).toBe('completed'),
        15_000,
      );
    } finally {
      await queue.close();
      await connection.quit();
    }
    expect((await auditsOf(pub.publisher.id)).length).toBe(auditsBefore + 2);
    expect((await settled(jobId)).errors).toHaveLength(2);

    // A second request with the same workbook changes nothing either: its cells now match the grid.
    const again = await call('POST', 'bulk-update/submit', admin, { external_id: externalId });
    const second = await settled(again.json().data.job_id as string);
    expect(second.changed).toBe(0);
    expect((await auditsOf(pub.publisher.id)).length).toBe(auditsBefore + 2);
  });

  it('inspects uploads on the server: a renamed text file, or a small file unpacking to 60 MB, is no workbook', async () => {
    const response = await upload(Buffer.from('Key,Publisher\npublisher:1,x\n'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['The file is not an XLSX workbook.']);

    // A real workbook holding 60 MB of zeros (about 60 kB packed): refused before it is unpacked.
    const packed = new ExcelJS.Workbook();
    packed.addWorksheet('Video Publisher');
    packed.addImage({
      buffer: Buffer.alloc(60 * 1024 * 1024) as unknown as ExcelJS.Buffer,
      extension: 'png',
    });
    const bomb = Buffer.from(await packed.xlsx.writeBuffer({ zip: { compression: 'DEFLATE' } } as object));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(bomb);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(['The file is not an XLSX workbook.']);
  });
});

describe('a workbook older than a later save', () => {
  it('is refused for the changed rows, with who changed what and when, and writes nothing of the batch', async () => {
    const stalePub = await buildConfiguredPublisher(t.ctx.db, 'Epsilon Echo');
    const otherPub = await buildConfiguredPublisher(t.ctx.db, 'Zeta Zone');
    const filled = await fill(await newWorkbook(), [stalePub.publisher.id, otherPub.publisher.id]);
    const workbook = await download(filled.link!);
    const publishers = workbook.getWorksheet('Video Publisher')!;
    // The version travels in a hidden column.
    expect(publishers.getColumn(headerIndex(publishers, 'Version')).hidden).toBe(true);

    // After the download, the grid changes Epsilon's midroll time and error limit.
    const grid = (
      await call('POST', 'ad_config/fill', admin, {
        publisher_ids: [stalePub.publisher.id],
        session_id: 'stale-fill',
      })
    ).json().data as GridData;
    const row = grid.publisher[0]!;
    const submitted = await call('POST', 'monetization_setup/submit', admin, {
      data: {
        publisher: [{ key: row.key, changes: { midrollTime: 8, errorLimit: 15 }, version: row.version }],
        placement: [],
        display: [],
        displayPlacement: [],
      },
      session_id: `stale-submit-${Date.now()}`,
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    await eventually(async () =>
      expect(await videoConfigOf(stalePub.publisher.id, null)).toMatchObject({ midrollTime: 8 }),
    );

    // The earlier workbook, unchanged but for one edit of another publisher, is uploaded and submitted.
    rowOfKey(publishers, `publisher:${otherPub.publisher.id}`).getCell(
      headerIndex(publishers, 'VAST Retry'),
    ).value = 3;
    const uploaded = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const started = await call('POST', 'bulk-update/submit', admin, {
      external_id: (uploaded.json().data as Workbook).external_id,
    });
    expect(started.statusCode, started.body).toBe(202);
    const status = await settled(started.json().data.job_id as string);
    expect(status).toMatchObject({ kind: 'update', state: 'completed', changed: 0 });
    expect(status.errors).toHaveLength(1);
    expect(status.errors[0]).toMatch(
      new RegExp(`^Epsilon Echo: changed by ${adminEmail} at .+ UTC \\(Error Limit, Midroll Time\\)`),
    );
    // The newer values are kept, and the rest of the batch waits for the admin.
    expect(await videoConfigOf(stalePub.publisher.id, null)).toMatchObject({
      midrollTime: 8,
      errorLimit: 15,
    });
    expect(await videoConfigOf(otherPub.publisher.id, null)).toMatchObject({ vastRetry: 2 });
  });
});

describe('gating', () => {
  it('refuses every report call to a non-admin with 403', async () => {
    const externalId = await newWorkbook();
    const responses = await Promise.all([
      call('POST', 'bulk-update/workbooks', editor),
      call('POST', 'bulk-update/fill', editor, {
        external_id: externalId,
        publisher_ids: [pub.publisher.id],
      }),
      call('POST', 'bulk-update/submit', editor, { external_id: externalId }),
      call('GET', `bulk-update/workbooks/${externalId}/link`, editor),
      call('GET', 'bulk-update/jobs/report-fill-1', editor),
      upload(Buffer.from('x'), editor),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
  });
});

describe('a worker killed during a report-update', () => {
  // Two worker processes start and one is killed mid-run: seconds each on a loaded machine.
  it(
    'applied nothing; after a restart the workbook is applied exactly once',
    { timeout: 120_000 },
    async () => {
      // Only worker processes from here on.
      await workers?.close();
      workers = null;
      const first = await startWorkerProcess(1500);
      const filled = await fill(await newWorkbook(), [pub.publisher.id, other.publisher.id]);
      expect(filled.state).toBe('completed');
      const workbook = await download(filled.link!);
      const publishers = workbook.getWorksheet('Video Publisher')!;
      const viewportAd = headerIndex(publishers, 'Ad Viewport');
      rowOfKey(publishers, `publisher:${pub.publisher.id}`).getCell(viewportAd).value = 41;
      rowOfKey(publishers, `publisher:${other.publisher.id}`).getCell(viewportAd).value = 42;
      const display = workbook.getWorksheet('Display')!;
      const pause = headerIndex(display, 'Ad Viewport Pause');
      rowOfKey(display, `display:${pub.publisher.id}:mobile`).getCell(pause).value = 43;
      rowOfKey(display, `display:${other.publisher.id}:desktop`).getCell(pause).value = 44;
      const uploaded = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
      const externalId = (uploaded.json().data as Workbook).external_id;
      const audits = async () =>
        (await auditsOf(pub.publisher.id)).length + (await auditsOf(other.publisher.id)).length;
      const before = await audits();

      const started = await call('POST', 'bulk-update/submit', admin, { external_id: externalId });
      const jobId = started.json().data.job_id as string;
      await eventually(async () => {
        const status = (await call('GET', `bulk-update/jobs/${jobId}`, admin)).json().data as ReportStatus;
        expect(status.state).toBe('active');
        expect(status.progress).toBeGreaterThan(10);
      }, 15_000);
      first.kill('SIGKILL');
      await new Promise((resolve) => (first.exitCode === null ? first.once('exit', resolve) : resolve(null)));
      // The killed run's transaction is rolled back: no config and no audit entry written.
      await eventually(async () => {
        expect(await videoConfigOf(pub.publisher.id, null)).not.toMatchObject({ viewportAd: 41 });
        expect(await audits()).toBe(before);
      });
      expect(
        ((await call('GET', `bulk-update/jobs/${jobId}`, admin)).json().data as ReportStatus).state,
      ).not.toBe('completed');

      const second = await startWorkerProcess(0);
      const status = await settled(jobId);
      expect(status).toMatchObject({ state: 'completed', errors: [], changed: 4 });
      expect(await videoConfigOf(pub.publisher.id, null)).toMatchObject({ viewportAd: 41 });
      expect(await videoConfigOf(other.publisher.id, null)).toMatchObject({ viewportAd: 42 });
      expect(await audits()).toBe(before + 4);
      second.kill('SIGTERM');
      await new Promise((resolve) =>
        second.exitCode === null ? second.once('exit', resolve) : resolve(null),
      );
    },
  );
});
