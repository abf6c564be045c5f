// B9's second row: report jobs over 1,000 publishers within 256 MB. The real worker process (apps/worker
// main.ts, every queue it serves) runs with --max-old-space-size=256 on the bench database; the bench
// queues a report-fill of 1,000 publishers (18 configurations each: the publisher's video and display
// records, 5 placements with their own) and then a report-update of the workbook it wrote, as the report
// routes queue them, and reads the worker's peak RSS (VmHWM) from /proc after each.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { queryRows, type Db } from '@hc/db/client';
import { MONETIZATION_JOB_OPTIONS, reportJobId, type ReportJob } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import type { BenchRow } from './results.ts';

export interface ReportBenchContext {
  db: Db;
  databaseUrl: string;
  redisUrl: string;
  /** The BullMQ prefix of this run. */
  prefix: string;
  log: (line: string) => void;
}

const PUBLISHERS = 1_000;
const FIRST_ID = 100_001;
const PLACEMENTS_EACH = 5;
const HEAP_MB = 256;
const JOB_TIMEOUT_MS = 300_000;
const workerMain = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'apps',
  'worker',
  'src',
  'main.ts',
);

/** 1,000 publishers with their ad configurations (kept on a reused database). */
export async function seedReportPublishers(db: Db) {
  const [seeded] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from publishers where id >= ${FIRST_ID}`,
  );
  if (Number(seeded!.n) >= PUBLISHERS) return;
  const last = FIRST_ID + PUBLISHERS - 1;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    insert into publishers (id, name, key, home_url)
    select p, 'Report publisher ' || p, 'report-key-' || p, 'https://report' || p || '.example'
    from generate_series(${FIRST_ID}::int, ${last}::int) p`);
    await tx.execute(sql`
    insert into placements (publisher_id, name, platform)
    select p, 'Placement ' || j, 'web' from generate_series(${FIRST_ID}::int, ${last}::int) p, generate_series(1, ${PLACEMENTS_EACH}) j`);
    await tx.execute(sql`
    insert into video_configs (publisher_id, placement_id, config)
    select p, null, jsonb_build_object('channel', '0123456789abcdef01234567', 'midrollTime', 3, 'vastRetry', 2,
                                       'errorLimit', 10, 'viewportProduct', 1, 'viewportAd', 30)
    from generate_series(${FIRST_ID}::int, ${last}::int) p`);
    await tx.execute(sql`
    insert into video_configs (publisher_id, placement_id, config)
    select publisher_id, id, jsonb_build_object('description', name || ' of ' || publisher_id, 'midrollTime', 5)
    from placements where publisher_id >= ${FIRST_ID}`);
    await tx.execute(sql`
    insert into display_configs (publisher_id, placement_id, platform, config)
    select p, null, platform, '{"fallbackEnable": false}'::jsonb
    from generate_series(${FIRST_ID}::int, ${last}::int) p, unnest(array['mobile', 'desktop']) platform`);
    await tx.execute(sql`
    insert into display_configs (publisher_id, placement_id, platform, config)
    select publisher_id, id, side.platform,
           jsonb_build_object('fallbackEnable', true, 'pubmaticUrl', 'https://ads.pubmatic.example/AdServer/js/pwt/' || id,
                              'displayAdDuration', 8000, 'adUnitPath', '/21700000000/apv/' || side.platform,
                              'supportedSizes', '[[300, 250]]'::jsonb)
    from placements, unnest(array['mobile', 'desktop']) as side(platform) where publisher_id >= ${FIRST_ID}`);
  });
}

/** The report publishers' ids (seedReportPublishers). */
export const reportPublisherIds = () => Array.from({ length: PUBLISHERS }, (_, i) => FIRST_ID + i);

const statusOf = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
};

export async function benchReports(c: ReportBenchContext): Promise<BenchRow> {
  c.log(`B9 reports: seeding ${PUBLISHERS} publishers' ad configurations`);
  await seedReportPublishers(c.db);
  const [user] = await queryRows<{ id: number }>(c.db, sql`select id from users order by id limit 1`);
  const externalId = `bench-report-${Date.now()}`;
  await c.db.execute(
    sql`insert into workbooks (external_id, content) values (${externalId}, ${'\\x'}::bytea)`,
  );
  const publisherIds = Array.from({ length: PUBLISHERS }, (_, i) => FIRST_ID + i);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-bench-worker-'));
  const worker = fork(workerMain, [], {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${HEAP_MB}`],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: c.databaseUrl,
      REDIS_URL: c.redisUrl,
      JOBS_PREFIX: c.prefix,
      DATA_DIR: dataDir,
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited: string | null = null;
  worker.once('exit', (code, signal) => (exited = `worker exited (${signal ?? code})`));
  const connection = new Redis(c.redisUrl, { maxRetriesPerRequest: null });
  const queues = {
    fill: new Queue<ReportJob>(QUEUES.reportFill, { connection, prefix: c.prefix }),
    update: new Queue<ReportJob>(QUEUES.reportUpdate, { connection, prefix: c.prefix }),
  };
  /** Queues the job as the report routes do and waits for its request row to be done or failed. */
  const run = async (kind: 'fill' | 'update') => {
    const [request] = await queryRows<{ id: number }>(
      c.db,
      sql`insert into spreadsheets (external_id, kind, publisher_ids)
          values (${externalId}, ${kind}, ${kind === 'fill' ? `{${publisherIds.join(',')}}` : '{}'}::integer[])
          returning id`,
    );
    const requestId = Number(request!.id);
    const started = performance.now();
    await queues[kind].add(
      kind,
      { requestId, userId: Number(user!.id) },
      {
        ...MONETIZATION_JOB_OPTIONS,
        jobId: reportJobId(kind, requestId),
      },
    );
    for (;;) {
      if (exited) throw new Error(`B9 report-${kind}: ${exited}`);
      const [row] = await queryRows<{ status: string; errors: string[] }>(
        c.db,
        sql`select status, errors from spreadsheets where id = ${requestId}`,
      );
      if (row!.status === 'done' || row!.status === 'failed') {
        return {
          status: row!.status,
          errors: row!.errors.length,
          seconds: (performance.now() - started) / 1000,
          peakRss: statusOf(worker.pid!, 'VmHWM'),
        };
      }
      if (performance.now() - started > JOB_TIMEOUT_MS) throw new Error(`B9 report-${kind} timed out`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    while ((await queues.fill.getWorkers()).length === 0) {
      if (exited) throw new Error(`B9: ${exited} before it served the report queues`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const idleRss = statusOf(worker.pid!, 'VmRSS');
    c.log('B9 report-fill of 1,000 publishers');
    const fill = await run('fill');
    const [size] = await queryRows<{ bytes: number; rows: number }>(
      c.db,
      sql`select length(content) as bytes,
                 (select count(*)::int from video_configs where publisher_id >= ${FIRST_ID}) +
                 (select count(*)::int from display_configs where publisher_id >= ${FIRST_ID}) as rows
          from workbooks where external_id = ${externalId}`,
    );
    c.log(`B9 report-update of the filled workbook (${(Number(size!.bytes) / 1024 / 1024).toFixed(1)} MB)`);
    const update = await run('update');
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const peak = Math.max(fill.peakRss, update.peakRss);
    return {
      id: 'B9',
      figure: `report jobs over ${PUBLISHERS} publishers (${size!.rows} rows): worker peak RSS (VmHWM), heap capped at ${HEAP_MB} MB`,
      value: `fill ${mb(fill.peakRss)} (${fill.seconds.toFixed(1)} s, ${fill.status}); then update ${mb(update.peakRss)} (${update.seconds.toFixed(1)} s, ${update.status})`,
      budget: `≤ ${HEAP_MB} MB`,
      reference: `idle worker ${mb(idleRss)}; workbook ${(Number(size!.bytes) / 1024 / 1024).toFixed(1)} MB`,
      ratio: null,
      pass: peak <= HEAP_MB * 1024 * 1024 && fill.status === 'done' && update.status === 'done',
      details: { idleRss, fill, update, workbookBytes: Number(size!.bytes), rows: size!.rows },
    };
  } finally {
    await Promise.all([queues.fill.close(), queues.update.close()]);
    connection.disconnect();
    if (!exited) {
      const gone = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
