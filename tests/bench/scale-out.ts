// SCALE: the deployment's topology measured, not only proved correct (tests/integration/topology.test.ts
// proves it). Two server processes and two worker processes, started as production starts them
// (tests/support/processes.ts), on the bench database and one Redis:
//   delivery:   1,000 live sockets on each server (the same 1,000 reviewers, a session per server), count
//               changes committed 10 a second over 10 publishers' rooms and announced through Redis as the
//               review and ingest services announce them; each server pushes to its own sockets. Delivery
//               is from the commit to each socket's first count that includes the change, on both servers;
//   co-editing: four editors of one 1,000-keyframe package, two on each server, take turns moving a
//               keyframe 10 times a second: round trip from the change to each editor on the OTHER server
//               (through the Redis relay), beside the same server's;
//   renders:    vertical renders queued for the two workers (one render per worker, as in production)
//               against the same ffmpeg command run two at a time by hand on the same clip, turn about;
//   reports:    report-fill jobs queued for the two workers against the same report made one after the
//               other by the processor alone in this process, turn about.
// Every figure is split in rounds; the row gives the rounds' spread.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { queryRows, type Db } from '@hc/db/client';
import { deploymentOf, type Deployment } from '@hc/db/deployment';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { ffmpegPath } from '@hc/media/binaries';
import { COLLAB_PATH } from '@hc/shared/api/collab';
import {
  MONETIZATION_JOB_OPTIONS,
  VERTICAL_RENDER_JOB_OPTIONS,
  reportJobId,
  verticalRenderJobId,
  type ReportJob,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { smoothKeyframeFile } from '@hc/shared/vertical/crop-path';
import { followCrop, followCropFilter } from '../../apps/worker/src/media/follow-crop.ts';
import { VIDEO_CODEC } from '../../apps/worker/src/processors/vertical-render.ts';
import { reportFillProcessor } from '../../apps/worker/src/processors/report-fill.ts';
import {
  startServerProcess,
  startWorkerProcess,
  stopProcesses,
  ticketedWebSocket,
  type AppProcess,
  type ServerProcess,
} from '../support/processes.ts';
import {
  buildVerticalTask,
  framesOf,
  keyframeFileFor,
  makeSourceVideo,
  SOURCE,
  SOURCE_PATH,
} from '../support/vertical-factories.ts';
import { loadUser } from './autocannon-load.ts';
import {
  articlesToQueue,
  createReviewers,
  deliveries,
  LIVE_PUBLISHERS,
  pendingOf,
  sessionsFor,
  startLiveClients,
  takeOffQueue,
} from './live.ts';
import { LivePublisher } from '../../apps/server/src/features/live/publisher.ts';
import { median, quantile } from './load.ts';
import type { BenchServer } from './processes.ts';
import { reportPublisherIds, seedReportPublishers } from './reports.ts';
import { ms, spreadOf, type BenchRow } from './results.ts';

export interface ScaleOutContext {
  /** The bench server: it makes sessions with the product's session code (sessions live in PostgreSQL). */
  app: BenchServer;
  db: Db;
  databaseUrl: string;
  redisUrl: string;
  log: (line: string) => void;
  seconds: (s: number) => number;
}

const ROUNDS = 5;
const CHANGES_PER_SECOND = 10;
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const wallClock = () => performance.timeOrigin + performance.now();
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p99Of = (xs: number[]) => quantile(sorted(xs), 0.99);

export async function benchScaleOut(c: ScaleOutContext): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hc-bench-scale-'));
  const mediaDir = path.join(dataDir, 'media');
  const deployment = await deploymentOf({ db: c.db, kind: 'postgres' });
  const shared = { DATABASE_URL: c.databaseUrl, REDIS_URL: c.redisUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const serverEnv = { ...shared, RUN_WORKER: 'false', SEED_DEMO: 'false', SERVE_WEB: 'false' };
  const processes: AppProcess[] = [];
  const rows: BenchRow[] = [];
  try {
    await makeSourceVideo(mediaDir);
    c.log('SCALE starting two servers and two workers (as production starts them)');
    const started = await Promise.allSettled([
      startServerProcess('server A', serverEnv),
      startServerProcess('server B', serverEnv),
      startWorkerProcess('worker 1', shared),
      startWorkerProcess('worker 2', shared),
    ]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failure = started.find((r) => r.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
    const [a, b] = processes as [ServerProcess, ServerProcess];
    rows.push(await delivery(c, deployment, a, b));
    rows.push(await coEditing(c, a, b));
    rows.push(await renders(c, deployment, mediaDir));
    rows.push(await reports(c, deployment));
  } finally {
    await stopProcesses(processes);
    await forgetDeploymentKeys(c.redisUrl, deployment);
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** The keys the processes made under the bench database's namespace (its jobs included). */
async function forgetDeploymentKeys(redisUrl: string, deployment: Deployment) {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${deployment.id}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

/** Live delivery to 2×1,000 sockets, a server each, in rounds. */
async function delivery(c: ScaleOutContext, deployment: Deployment, a: ServerProcess, b: ServerProcess) {
  const reviewers = await createReviewers(c.db);
  const publisherOfSocket = reviewers.map((r) => r.publisher_id);
  const onA = startLiveClients();
  const onB = startLiveClients();
  const redis = new Redis(c.redisUrl, { keyPrefix: deployment.keyPrefix });
  const live = new LivePublisher(redis);
  const queued: number[] = [];
  try {
    // A session per server for each reviewer: a tab on each replica.
    const tokensA = await sessionsFor(c.app, reviewers);
    const tokensB = await sessionsFor(c.app, reviewers);
    c.log(`SCALE delivery: connecting ${reviewers.length} sockets to each server`);
    await onA.connect(
      a.port,
      reviewers.map((r, i) => ({ email: r.email, token: tokensA[i]! })),
    );
    await onB.connect(
      b.port,
      reviewers.map((r, i) => ({ email: r.email, token: tokensB[i]! })),
    );
    const roundSeconds = c.seconds(4);
    const perRound = Math.round(roundSeconds * CHANGES_PER_SECOND);
    const counts = new Map<number, number>();
    const candidates = new Map<number, number[]>();
    for (const p of LIVE_PUBLISHERS) {
      counts.set(p, await pendingOf(c.db, p));
      candidates.set(p, await articlesToQueue(c.db, p, Math.ceil((perRound * ROUNDS) / 10) + 2));
    }
    const collect = async (clients: ReturnType<typeof startLiveClients>) => {
      const answer = clients.next<{ receipts: [number, number, number][] }>('receipts');
      clients.send({ type: 'collect' });
      return (await answer).receipts;
    };
    await Promise.all([collect(onA), collect(onB)]);
    const rounds: { a: number[]; b: number[]; missed: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const changes: { publisherId: number; at: number; count: number }[] = [];
      const start = performance.now();
      for (let k = 0; k < perRound; k++) {
        const due = start + (k * 1000) / CHANGES_PER_SECOND;
        if (due > performance.now()) await sleep(due - performance.now());
        const publisherId = LIVE_PUBLISHERS[k % LIVE_PUBLISHERS.length]!;
        const articleId = candidates.get(publisherId)!.shift()!;
        await c.db.execute(sql`update articles set review_status = 'pending' where id = ${articleId}`);
        queued.push(articleId);
        const count = counts.get(publisherId)! + 1;
        counts.set(publisherId, count);
        changes.push({ publisherId, at: wallClock(), count });
        live.countsChanged([publisherId]);
      }
      await sleep(1_000);
      const [receiptsA, receiptsB] = await Promise.all([collect(onA), collect(onB)]);
      const gotA = deliveries(changes, receiptsA, publisherOfSocket);
      const gotB = deliveries(changes, receiptsB, publisherOfSocket);
      rounds.push({ a: gotA.sorted, b: gotB.sorted, missed: gotA.missed + gotB.missed });
      c.log(
        `SCALE delivery round ${round + 1}: p99 A ${ms(p99Of(gotA.sorted))}, B ${ms(p99Of(gotB.sorted))}`,
      );
    }
    const all = rounds.flatMap((r) => [...r.a, ...r.b]);
    const missed = rounds.reduce((sum, r) => sum + r.missed, 0);
    const p99 = p99Of(all);
    return {
      id: 'SCALE',
      figure: `live counts, 2 servers × ${reviewers.length} sockets (10 rooms each), ${CHANGES_PER_SECOND} changes/s announced through Redis: delivery p99 (commit → each socket, both servers), ${ROUNDS} rounds`,
      value: `${ms(p99)} (p50 ${ms(quantile(sorted(all), 0.5))}, ${all.length} deliveries${missed ? `, ${missed} missed` : ''})`,
      spread: spreadOf(rounds.map((r) => p99Of([...r.a, ...r.b]))),
      budget: '≤ 100 ms (B6)',
      reference: `server A's sockets p99 ${ms(p99Of(rounds.flatMap((r) => r.a)))}, server B's ${ms(p99Of(rounds.flatMap((r) => r.b)))}`,
      ratio: null,
      pass: p99 <= 100 && missed === 0,
      details: { rounds: rounds.map((r) => ({ a: p99Of(r.a), b: p99Of(r.b), missed: r.missed })) },
    };
  } finally {
    onA.close();
    onB.close();
    redis.disconnect();
    await takeOffQueue(c.db, queued);
  }
}

const KEYFRAMES = 1_000;

/** Co-editors of one package, two on each server: round trip across the servers and within one. */
async function coEditing(c: ScaleOutContext, a: ServerProcess, b: ServerProcess): Promise<BenchRow> {
  const [pkg] = await queryRows<{ embed_id: string }>(
    c.db,
    sql`select embed_id from packages where publisher_id = ${BENCH_BIG_PUBLISHER_ID} and status = 'Draft'
        order by embed_id desc limit 1`,
  );
  const doc = `package:${pkg!.embed_id}`;
  await c.db.execute(sql`delete from collab_updates where doc_name = ${doc}`);
  const { email, user } = await loadUser(c.db);
  const [token] = await sessionsFor(c.app, [user]);
  const headers = { 'x-user-email': email, 'x-user-token': token!, 'content-type': 'application/json' };
  const open = (server: ServerProcess) => {
    const ticket = async () => {
      const response = await fetch(`${server.url}/api/v1/editor/collab/tickets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ doc }),
      });
      if (response.status !== 200) throw new Error(`SCALE: ticket refused (${response.status})`);
      return ((await response.json()) as { data: { ticket: string } }).data.ticket;
    };
    return new WebsocketProvider(`${server.url.replace('http', 'ws')}${COLLAB_PATH}`, doc, new Y.Doc(), {
      WebSocketPolyfill: ticketedWebSocket(ticket) as never,
      disableBc: true,
    });
  };
  const synced = (provider: WebsocketProvider) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('SCALE: a co-editor never synced')), 30_000);
      if (provider.synced) {
        clearTimeout(timer);
        resolve();
      }
      provider.on('sync', (isSynced: boolean) => {
        if (!isSynced) return;
        clearTimeout(timer);
        resolve();
      });
    });
  // Editors 0 and 2 on A, 1 and 3 on B: turn by turn, each change is received by one editor on its own
  // server and two on the other.
  const editors = [open(a), open(b), open(a), open(b)];
  const serverOf = (e: number) => e % 2;
  try {
    await synced(editors[0]!);
    const first = editors[0]!.doc;
    first.transact(() => {
      first.getArray<Y.Map<number>>('keyframes').push(
        Array.from({ length: KEYFRAMES }, (_, i) => {
          const keyframe = new Y.Map<number>();
          for (const [field, value] of Object.entries({ t: i * 40, x: 540, y: 960, zoom: 1 }))
            keyframe.set(field, value);
          return keyframe;
        }),
      );
    });
    await Promise.all(editors.map(synced));
    for (;;) {
      if (editors.every((e) => e.doc.getArray('keyframes').length === KEYFRAMES)) break;
      await sleep(50);
    }
    c.log('SCALE co-editing: 4 editors of one package, 2 on each server');
    const sentAt = new Map<number, number>();
    const sender = new Map<number, number>();
    const trips: { seq: number; cross: boolean; ms: number }[] = [];
    const seen = editors.map(() => new Set<number>());
    editors.forEach((editor, e) => {
      editor.doc.on('update', (_u: Uint8Array, origin: unknown) => {
        if (origin === null) return;
        const now = performance.now();
        for (const [, seq] of editor.doc.getMap<number>('probe')) {
          if (seen[e]!.has(seq) || !sentAt.has(seq)) continue;
          seen[e]!.add(seq);
          trips.push({ seq, cross: serverOf(sender.get(seq)!) !== serverOf(e), ms: now - sentAt.get(seq)! });
        }
      });
    });
    const change = (seq: number) => {
      const e = ((seq % editors.length) + editors.length) % editors.length;
      const d = editors[e]!.doc;
      seen[e]!.add(seq);
      if (seq >= 0) {
        sentAt.set(seq, performance.now());
        sender.set(seq, e);
      }
      d.transact(() => {
        d.getArray<Y.Map<number>>('keyframes')
          .get(((seq % KEYFRAMES) + KEYFRAMES) % KEYFRAMES)
          .set('x', seq);
        d.getMap<number>('probe').set(`editor${e}`, seq);
      });
    };
    for (let w = -8; w < 0; w++) {
      change(w);
      await sleep(100);
    }
    const perRound = Math.round(c.seconds(4) * CHANGES_PER_SECOND);
    const roundEnds: number[] = [];
    let seq = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      for (let k = 0; k < perRound; k++, seq++) {
        const due = start + (k * 1000) / CHANGES_PER_SECOND;
        if (due > performance.now()) await sleep(due - performance.now());
        change(seq);
      }
      await sleep(500);
      roundEnds.push(seq);
    }
    const cross = (from: number, to: number) =>
      trips.filter((t) => t.cross && t.seq >= from && t.seq < to).map((t) => t.ms);
    const roundP99s = roundEnds.map((end, r) => p99Of(cross(r === 0 ? 0 : roundEnds[r - 1]!, end)));
    const across = trips.filter((t) => t.cross).map((t) => t.ms);
    const within = trips.filter((t) => !t.cross).map((t) => t.ms);
    const expected = seq * 3;
    const p99 = p99Of(across);
    return {
      id: 'SCALE',
      figure: `co-editing one 1,000-keyframe package, 4 editors (2 on each server), ${CHANGES_PER_SECOND} changes/s: round trip p99 to the editors on the OTHER server, ${ROUNDS} rounds`,
      value: `${ms(p99)} (p50 ${ms(quantile(sorted(across), 0.5))}, ${across.length} receipts)`,
      spread: spreadOf(roundP99s),
      budget: '≤ 100 ms (B8)',
      reference: `on the same server p99 ${ms(p99Of(within))} (p50 ${ms(quantile(sorted(within), 0.5))}); ${trips.length} of ${expected} receipts`,
      ratio: null,
      pass: p99 <= 100 && trips.length === expected,
      details: { roundP99s, receipts: trips.length, expected },
    };
  } finally {
    for (const editor of editors) {
      editor.destroy();
      editor.doc.destroy();
    }
  }
}

/** Seconds of the source each bench render makes (a highlight of the 20 s test source). */
const RENDER_RANGE = { startTime: 2, endTime: 10 };
const RENDERS_PER_TURN = 4;
const RENDER_TURNS = 2;

/** Renders through the two workers against the same ffmpeg command run by hand, two at a time. */
async function renders(c: ScaleOutContext, deployment: Deployment, mediaDir: string): Promise<BenchRow> {
  const connection = new Redis(c.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue<VerticalRenderJob>(QUEUES.verticalRender, {
    connection,
    prefix: deployment.jobsPrefix,
  });
  const made: number[] = [];
  const work = await mkdtemp(path.join(tmpdir(), 'hc-bench-ffmpeg-'));
  try {
    // The worker's own command for such a task (vertical-render.ts): the same seek, follow-crop
    // filter and encoder settings, on the same source.
    const { first, last } = framesOf(RENDER_RANGE.startTime, RENDER_RANGE.endTime);
    const frameCount = last - first + 1;
    const crop = followCrop(smoothKeyframeFile(keyframeFileFor(first, last)), {
      firstFrame: first,
      frameCount,
      fps: SOURCE.fps,
      firstFrameSeconds: 0,
    });
    const commands = path.join(work, 'crop.cmd');
    await writeFile(commands, crop.commands);
    const seek = Math.max(0, first / SOURCE.fps - 0.5 / SOURCE.fps);
    const lead = first / SOURCE.fps - seek;
    const byHand = (k: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          ffmpegPath(),
          [
            '-v',
            'error',
            '-ss',
            seek.toFixed(6),
            '-t',
            (lead + frameCount / SOURCE.fps).toFixed(6),
            '-i',
            path.join(mediaDir, SOURCE_PATH),
            '-map',
            '0:v:0',
            '-vf',
            `setpts=PTS-STARTPTS,${followCropFilter(crop, commands, { width: 1080, height: 1920 })}`,
            '-frames:v',
            String(frameCount),
            '-an',
            ...VIDEO_CODEC,
            '-movflags',
            '+faststart',
            '-y',
            path.join(work, `by-hand-${k}.mp4`),
          ],
          { stdio: 'ignore' },
        );
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
      });
    // Two at a time, as the two workers render (one each).
    const twoAtATime = async (n: number) => {
      const t0 = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < n) await byHand(next++);
      };
      await Promise.all([lane(), lane()]);
      return (performance.now() - t0) / 1000;
    };
    const throughWorkers = async (n: number) => {
      const tasks: { videoId: number; job: VerticalRenderJob }[] = [];
      for (let k = 0; k < n; k++) {
        const { videoId, suggestionIds } = await buildVerticalTask(c.db, {
          publisherId: BENCH_BIG_PUBLISHER_ID,
          plans: [{ ...RENDER_RANGE, active: true }],
        });
        made.push(videoId);
        const [row] = await queryRows<{ keyframe_file_id: number; version: number }>(
          c.db,
          sql`select s.keyframe_file_id, k.version from vertical_suggestions s
              join keyframe_files k on k.id = s.keyframe_file_id where s.id = ${suggestionIds[0]!}`,
        );
        const job: VerticalRenderJob = {
          videoId,
          publisherId: BENCH_BIG_PUBLISHER_ID,
          suggestionId: suggestionIds[0]!,
          keyframeFileId: Number(row!.keyframe_file_id),
          keyframeVersion: Number(row!.version),
          ...RENDER_RANGE,
        };
        await c.db.execute(
          sql`update vertical_tasks set render_job_id = ${verticalRenderJobId(job)} where video_id = ${videoId}`,
        );
        tasks.push({ videoId, job });
      }
      const t0 = performance.now();
      for (const { job } of tasks) {
        await queue.add('render', { ...job, deployment: deployment.id } as VerticalRenderJob, {
          ...VERTICAL_RENDER_JOB_OPTIONS,
          attempts: 1,
          jobId: verticalRenderJobId(job),
        });
      }
      const ids = tasks.map((t) => t.videoId);
      for (;;) {
        const [state] = await queryRows<{ ready: number; failed: number }>(
          c.db,
          sql`select count(*) filter (where status = 'ready')::int as ready,
                     count(*) filter (where render_error is not null)::int as failed
              from vertical_tasks where video_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        );
        if (Number(state!.failed) > 0) throw new Error('SCALE: a bench render failed');
        if (Number(state!.ready) === ids.length) break;
        if (performance.now() - t0 > 300_000) throw new Error('SCALE: renders did not finish in 5 min');
        await sleep(100);
      }
      return (performance.now() - t0) / 1000;
    };
    const turns: { workers: number; byHand: number }[] = [];
    for (let turn = 0; turn < RENDER_TURNS; turn++) {
      c.log(`SCALE renders turn ${turn + 1}: ${RENDERS_PER_TURN} through the workers, then by hand`);
      const workers = await throughWorkers(RENDERS_PER_TURN);
      const hand = await twoAtATime(RENDERS_PER_TURN);
      turns.push({ workers: (RENDERS_PER_TURN * 60) / workers, byHand: (RENDERS_PER_TURN * 60) / hand });
    }
    const ratios = turns.map((t) => t.workers / t.byHand);
    const ratio = median(ratios);
    const perMinute = median(turns.map((t) => t.workers));
    return {
      id: 'SCALE',
      figure: `vertical renders (${RENDER_RANGE.endTime - RENDER_RANGE.startTime} s of ${SOURCE.width}x${SOURCE.height} → 1080x1920) through 2 workers, renders a minute; ${RENDER_TURNS} turns of ${RENDERS_PER_TURN}, turn about with ffmpeg by hand`,
      value: `${perMinute.toFixed(1)} a minute`,
      spread: spreadOf(ratios, (r) => r.toFixed(2)),
      budget: '≥ 0.8x ffmpeg alone',
      reference: `the same ffmpeg command, two at a time by hand: ${median(turns.map((t) => t.byHand)).toFixed(1)} a minute (turns ${turns.map((t) => `${t.workers.toFixed(1)} vs ${t.byHand.toFixed(1)}`).join('; ')})`,
      ratio,
      pass: ratio >= 0.8,
      details: { turns },
    };
  } finally {
    await queue.close();
    connection.disconnect();
    await rm(work, { recursive: true, force: true });
    if (made.length) {
      await c.db.execute(
        sql`delete from vertical_tasks where video_id in (${sql.join(
          made.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
  }
}

const REPORT_PUBLISHERS = 100;
// A report of 100 publishers takes about 0.15 s: turns of 4 lasted under a second, so the queue's pick-up
// and the 100 ms status poll were a tenth of the figure. Turns of 16, polled every 20 ms.
const REPORTS_PER_TURN = 16;
const REPORT_TURNS = 3;

/** report-fill jobs through the two workers against the same reports made by the processor alone. */
async function reports(c: ScaleOutContext, deployment: Deployment): Promise<BenchRow> {
  await seedReportPublishers(c.db);
  const publisherIds = reportPublisherIds().slice(0, REPORT_PUBLISHERS);
  const [user] = await queryRows<{ id: number }>(c.db, sql`select id from users order by id limit 1`);
  const externalId = `bench-scale-report-${Date.now()}`;
  await c.db.execute(
    sql`insert into workbooks (external_id, content) values (${externalId}, ${'\\x'}::bytea)`,
  );
  const connection = new Redis(c.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue<ReportJob>(QUEUES.reportFill, { connection, prefix: deployment.jobsPrefix });
  const fill = reportFillProcessor({ db: c.db });
  const requests: number[] = [];
  const request = async () => {
    const [row] = await queryRows<{ id: number }>(
      c.db,
      sql`insert into spreadsheets (external_id, kind, publisher_ids)
          values (${externalId}, 'fill', ${`{${publisherIds.join(',')}}`}::integer[]) returning id`,
    );
    requests.push(Number(row!.id));
    return Number(row!.id);
  };
  const statusOf = async (ids: number[]) => {
    const [row] = await queryRows<{ done: number; failed: number }>(
      c.db,
      sql`select count(*) filter (where status = 'done')::int as done,
                 count(*) filter (where status = 'failed')::int as failed
          from spreadsheets where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    return { done: Number(row!.done), failed: Number(row!.failed) };
  };
  try {
    const throughWorkers = async () => {
      const ids: number[] = [];
      for (let k = 0; k < REPORTS_PER_TURN; k++) ids.push(await request());
      const t0 = performance.now();
      for (const requestId of ids) {
        await queue.add(
          'fill',
          { requestId, userId: Number(user!.id), deployment: deployment.id } as ReportJob,
          { ...MONETIZATION_JOB_OPTIONS, attempts: 1, jobId: reportJobId('fill', requestId) },
        );
      }
      for (;;) {
        const state = await statusOf(ids);
        if (state.failed) throw new Error('SCALE: a bench report failed');
        if (state.done === ids.length) break;
        if (performance.now() - t0 > 300_000) throw new Error('SCALE: reports did not finish in 5 min');
        await sleep(20);
      }
      return (performance.now() - t0) / 1000;
    };
    // The processor alone, one report after the other in this process: the job's own work, no queue.
    const alone = async () => {
      const ids: number[] = [];
      for (let k = 0; k < REPORTS_PER_TURN; k++) ids.push(await request());
      const t0 = performance.now();
      for (const requestId of ids) {
        await fill({
          id: reportJobId('fill', requestId),
          data: { requestId, userId: Number(user!.id) },
          updateProgress: async () => undefined,
        } as never);
      }
      if ((await statusOf(ids)).done !== ids.length) throw new Error('SCALE: a report made alone failed');
      return (performance.now() - t0) / 1000;
    };
    const turns: { workers: number; alone: number }[] = [];
    for (let turn = 0; turn < REPORT_TURNS; turn++) {
      c.log(`SCALE reports turn ${turn + 1}: ${REPORTS_PER_TURN} through the workers, then alone`);
      const workers = await throughWorkers();
      const one = await alone();
      turns.push({ workers: (REPORTS_PER_TURN * 60) / workers, alone: (REPORTS_PER_TURN * 60) / one });
    }
    const ratios = turns.map((t) => t.workers / t.alone);
    const ratio = median(ratios);
    return {
      id: 'SCALE',
      figure: `report-fill jobs (${REPORT_PUBLISHERS} publishers each) through 2 workers, reports a minute; ${REPORT_TURNS} turns of ${REPORTS_PER_TURN}, turn about with the processor alone`,
      value: `${median(turns.map((t) => t.workers)).toFixed(1)} a minute`,
      spread: spreadOf(ratios, (r) => r.toFixed(2)),
      budget: '≥ 1x the processor alone (one at a time)',
      reference: `the same reports made one after the other by the processor in one process: ${median(turns.map((t) => t.alone)).toFixed(1)} a minute (turns ${turns.map((t) => `${t.workers.toFixed(1)} vs ${t.alone.toFixed(1)}`).join('; ')})`,
      ratio,
      pass: ratio >= 1,
      details: { turns },
    };
  } finally {
    await queue.close();
    connection.disconnect();
    if (requests.length) {
      await c.db.execute(
        sql`delete from spreadsheets where id in (${sql.join(
          requests.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
    await c.db.execute(sql`delete from workbooks where external_id = ${externalId}`);
  }
}
