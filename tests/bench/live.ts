// B6: the live channel with 1,000 connected reviewers (100 in each of 10 publishers' rooms), their sessions
// made by the product's own session code inside the server process. Each count change is a real write (an
// article of the publisher enters the review queue) followed by the product's push path
// (LivePublisher.countsChanged, what the review and ingest services call after their commit); the server
// recomputes and pushes `pending_counts`. The clients live in another process (live-clients.ts).
//   spread phase: 10 changes a second, round robin over the 10 publishers: delivery latency, from the
//                 commit to each socket's receipt of a count that includes the change;
//   hot phase:    10 changes a second into one publisher: pushes a socket of that room gets in each second.
// Measured in the server: event-loop delay over both phases and memory per idle socket (after full GCs).
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { queryRows, type Db } from '@hc/db/client';
import { LivePublisher } from '../../apps/server/src/features/live/publisher.ts';
import { quantile } from './load.ts';
import type { BenchServer } from './processes.ts';
import { ms, type BenchRow } from './results.ts';

export interface LiveBenchContext {
  app: BenchServer;
  db: Db;
  redisUrl: string;
  /** The server's Redis key prefix (its live channel key). */
  prefix: string;
  log: (line: string) => void;
  seconds: (s: number) => number;
}

const REVIEWERS = 1_000;
/** Bench publishers 2..11 (publisher 1's big review queue is B3's business). */
export const LIVE_PUBLISHERS = Array.from({ length: 10 }, (_, i) => i + 2);
const PUBLISHERS = LIVE_PUBLISHERS;
const CHANGES_PER_SECOND = 10;
const clientsScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'live-clients.ts');
const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

interface Change {
  publisherId: number;
  at: number;
  /** The publisher's pending count once this change is committed. */
  count: number;
}
type Receipt = [socket: number, at: number, count: number];

let probeId = 0;
export const probe = <T>(app: BenchServer, type: string, extra: Record<string, unknown> = {}) =>
  app.ask<T>({ type, id: ++probeId, ...extra });

/** Sessions made inside the server by the product's session code (no password hashing per reviewer). */
export async function sessionsFor(app: BenchServer, users: { id: number; publisher_id: number }[]) {
  const { tokens } = await probe<{ tokens: string[] }>(app, 'sessions', {
    users: users.map((u) => ({ userId: u.id, publisherId: u.publisher_id })),
  });
  return tokens;
}

/** The reviewers' socket.io clients, in a child process (live-clients.ts). */
export function startLiveClients() {
  const child = fork(clientsScript, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as T);
      };
      child.on('message', onMessage);
    });
  const ready = next('ready');
  return {
    ready,
    next,
    send: (message: unknown) => child.send(message as object),
    /** Opens every socket; throws unless all of them connected. */
    async connect(port: number, sessions: { email: string; token: string }[]) {
      await ready;
      const connected = next<{ failed: number; ms: number }>('connected');
      child.send({ type: 'connect', port, sessions });
      const answer = await connected;
      if (answer.failed)
        throw new Error(`${answer.failed} of ${sessions.length} live clients could not connect`);
      return answer;
    },
    close: () => {
      if (child.connected) child.send({ type: 'close' });
    },
  };
}

/**
 * 1,000 reviewer accounts with the review role on one of the 10 publishers each; the bench never logs them
 * in. Kept between runs on a reused database: removing a user sets null in every table that names users.
 */
export async function createReviewers(db: Db) {
  const domain = '@live.bench.example';
  await db.execute(sql`
    insert into users (email, password_hash, default_publisher_id)
    select 'live' || k || ${domain}, 'no login: sessions made by the bench', ${PUBLISHERS[0]!} + k % ${PUBLISHERS.length}
    from generate_series(0, ${REVIEWERS - 1}) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into user_publisher_roles (user_id, publisher_id, roles)
    select id, default_publisher_id, '{apv_article_admin}' from users where email like ${`%${domain}`}
    on conflict do nothing`);
  return queryRows<{ id: number; email: string; publisher_id: number }>(
    db,
    sql`select id, email, default_publisher_id as publisher_id from users where email like ${`%${domain}`}
        order by id`,
  );
}

/** Articles that are not in the review queue, to put into it one per change (put back afterwards). */
export async function articlesToQueue(db: Db, publisherId: number, n: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from articles where publisher_id = ${publisherId} and review_status = 'done'
        order by id limit ${n}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The articles a bench queued for review, taken off the queue again so the next row starts level. */
export async function takeOffQueue(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.execute(
    sql`update articles set review_status = 'done' where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export async function pendingOf(db: Db, publisherId: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from articles where publisher_id = ${publisherId} and review_status = 'pending'`,
  );
  return Number(row!.n);
}

export async function benchLive(c: LiveBenchContext): Promise<BenchRow[]> {
  const reviewers = await createReviewers(c.db);
  const tokens = await sessionsFor(c.app, reviewers);
  const publisherOfSocket = reviewers.map((r) => r.publisher_id);

  const clients = startLiveClients();
  const fromClients = clients.next;
  const redis = new Redis(c.redisUrl, { keyPrefix: `${c.prefix}:` });
  const live = new LivePublisher(redis);
  const queued: number[] = [];
  try {
    const memory = await memoryPerSocket(c, reviewers, tokens);
    await clients.ready;
    c.log(`B6 live channel: connecting ${REVIEWERS} reviewers`);
    const connected = await clients.connect(
      c.app.port,
      reviewers.map((r, i) => ({ email: r.email, token: tokens[i]! })),
    );
    c.log(`B6 connected in ${(connected.ms / 1000).toFixed(1)} s`);

    const collect = async () => {
      const answer = fromClients<{ receipts: Receipt[] }>('receipts');
      clients.send({ type: 'collect' });
      return (await answer).receipts;
    };
    const counts = new Map<number, number>();
    for (const p of PUBLISHERS) counts.set(p, await pendingOf(c.db, p));
    const spreadSeconds = c.seconds(20);
    const hotSeconds = c.seconds(10);
    const candidates = new Map<number, number[]>();
    for (const p of PUBLISHERS) {
      const hot = p === PUBLISHERS[0];
      const n = Math.ceil((spreadSeconds * CHANGES_PER_SECOND) / PUBLISHERS.length) + 2;
      candidates.set(p, await articlesToQueue(c.db, p, hot ? n + hotSeconds * CHANGES_PER_SECOND + 2 : n));
    }

    /** 10 changes a second on a fixed schedule; each one is the commit, then the product's push call. */
    const drive = async (durationS: number, publisherFor: (k: number) => number) => {
      const changes: Change[] = [];
      const total = Math.round(durationS * CHANGES_PER_SECOND);
      const start = performance.now();
      for (let k = 0; k < total; k++) {
        const due = start + (k * 1000) / CHANGES_PER_SECOND;
        if (due > performance.now()) await sleep(due - performance.now());
        const publisherId = publisherFor(k);
        const articleId = candidates.get(publisherId)!.shift()!;
        await c.db.execute(sql`update articles set review_status = 'pending' where id = ${articleId}`);
        queued.push(articleId);
        const count = counts.get(publisherId)! + 1;
        counts.set(publisherId, count);
        changes.push({ publisherId, at: wallClock(), count });
        live.countsChanged([publisherId]);
      }
      await sleep(1_000);
      return { changes, started: performance.timeOrigin + start };
    };

    await collect();
    await probe(c.app, 'loop-start');
    c.log(
      `B6 spread phase: ${CHANGES_PER_SECOND} changes/s over ${PUBLISHERS.length} rooms, ${spreadSeconds} s`,
    );
    const spread = await drive(spreadSeconds, (k) => PUBLISHERS[k % PUBLISHERS.length]!);
    const spreadReceipts = await collect();
    c.log(`B6 hot phase: ${CHANGES_PER_SECOND} changes/s into one room, ${hotSeconds} s`);
    const hot = await drive(hotSeconds, () => PUBLISHERS[0]!);
    const loop = await probe<{ p50: number; p99: number; max: number }>(c.app, 'loop-stop');
    const hotReceipts = await collect();

    const spreadDelivery = deliveries(spread.changes, spreadReceipts, publisherOfSocket);
    const hotDelivery = deliveries(hot.changes, hotReceipts, publisherOfSocket);
    const rate = pushRate(hotReceipts, hot.started, hotSeconds, publisherOfSocket, PUBLISHERS[0]!);
    const deliveryP99 = quantile(spreadDelivery.sorted, 0.99);
    const hotP99 = quantile(hotDelivery.sorted, 0.99);
    const details = {
      connectSeconds: connected.ms / 1000,
      memory,
      eventLoopDelay: loop,
      spread: {
        changes: spread.changes.length,
        deliveries: spreadDelivery.sorted.length,
        missed: spreadDelivery.missed,
        p50: quantile(spreadDelivery.sorted, 0.5),
        p99: deliveryP99,
        max: spreadDelivery.sorted.at(-1),
      },
      hot: {
        changes: hot.changes.length,
        deliveries: hotDelivery.sorted.length,
        missed: hotDelivery.missed,
        p50: quantile(hotDelivery.sorted, 0.5),
        p99: hotP99,
        ...rate,
      },
    };
    const missed = spreadDelivery.missed + hotDelivery.missed;
    return [
      {
        id: 'B6',
        figure: `socket.io, ${REVIEWERS} reviewers in ${PUBLISHERS.length} rooms, ${CHANGES_PER_SECOND} count changes/s spread over them: delivery p99 (commit → each socket)`,
        value: `${ms(deliveryP99)} (p50 ${ms(quantile(spreadDelivery.sorted, 0.5))}, ${spreadDelivery.sorted.length} deliveries${missed ? `, ${missed} missed` : ''})`,
        budget: '≤ 100 ms',
        reference: '',
        ratio: null,
        pass: deliveryP99 <= 100 && missed === 0,
        details,
      },
      {
        id: 'B6',
        figure: `server event-loop delay p99 during both phases (monitorEventLoopDelay, 1 ms resolution)`,
        value: `${ms(loop.p99)} (p50 ${ms(loop.p50)}, max ${ms(loop.max)})`,
        budget: '≤ 20 ms',
        reference: '',
        ratio: null,
        pass: loop.p99 <= 20,
      },
      memoryRow(memory),
      {
        id: 'B6',
        figure: `pushes a socket gets per second, ${CHANGES_PER_SECOND} changes/s into its one room (most in any second, any socket)`,
        value: `${rate.maxPerSecond} (mean ${rate.meanPerSecond.toFixed(1)}/s); delivery p99 ${ms(hotP99)}`,
        budget: '≤ 4 a second',
        reference: `${CHANGES_PER_SECOND} changes/s uncoalesced`,
        ratio: null,
        pass: rate.maxPerSecond <= 4 && hotDelivery.missed === 0,
      },
    ];
  } finally {
    clients.close();
    redis.disconnect();
    await takeOffQueue(c.db, queued);
  }
}

/** Sockets opened per round of the memory figure, and the rounds: at least MIN, more while noisy. */
const MEMORY_SOCKETS_PER_ROUND = 1_000;
const MEMORY_ROUNDS = { min: 3, max: 5 };
const MEMORY_BUDGET = 50 * 1024;
/** Rounds agreeing within this (max - min) make a known spread: half the budget. */
const MEMORY_SPREAD_ALLOWED = MEMORY_BUDGET / 2;

interface MemoryRounds {
  /** Bytes per socket in each round: (after - before) / sockets, both read after full collections. */
  rss: number[];
  heap: number[];
  socketsPerRound: number;
  /** RSS after the last round less RSS before the first, per socket of all rounds. */
  rssOverall: number;
}

/**
 * Memory per idle socket, in rounds: each round opens another 1,000 sockets (from a clients process of its
 * own, closed afterwards) and reads the server's memory after full collections before and after. A single
 * delta of RSS can be anything (the allocator gives pages back when it likes: once -33 kB "per socket"),
 * so rounds are repeated until they agree or MAX rounds are spent; the row judges all of them.
 */
async function memoryPerSocket(
  c: LiveBenchContext,
  reviewers: { email: string }[],
  tokens: string[],
): Promise<MemoryRounds> {
  const extra = startLiveClients();
  const rounds: MemoryRounds = {
    rss: [],
    heap: [],
    socketsPerRound: MEMORY_SOCKETS_PER_ROUND,
    rssOverall: Number.NaN,
  };
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  try {
    await extra.ready;
    const first = await probe<{ rss: number; heapUsed: number }>(c.app, 'memory');
    let before = first;
    while (rounds.rss.length < MEMORY_ROUNDS.max) {
      const sessions = Array.from({ length: MEMORY_SOCKETS_PER_ROUND }, (_, i) => ({
        email: reviewers[i % reviewers.length]!.email,
        token: tokens[i % reviewers.length]!,
      }));
      await extra.connect(c.app.port, sessions);
      await sleep(1_000);
      const after = await probe<{ rss: number; heapUsed: number }>(c.app, 'memory');
      rounds.rss.push((after.rss - before.rss) / MEMORY_SOCKETS_PER_ROUND);
      rounds.heap.push((after.heapUsed - before.heapUsed) / MEMORY_SOCKETS_PER_ROUND);
      before = after;
      c.log(
        `B6 memory round ${rounds.rss.length}: ${(rounds.rss.at(-1)! / 1024).toFixed(1)} kB RSS, ${(rounds.heap.at(-1)! / 1024).toFixed(1)} kB heap per socket`,
      );
      // More rounds while the heap rounds disagree, or an RSS round is inside the allocator's noise.
      const settled =
        spread(rounds.heap) <= MEMORY_SPREAD_ALLOWED &&
        spread(rounds.rss) <= MEMORY_SPREAD_ALLOWED &&
        rounds.rss.every((x) => x > 0);
      rounds.rssOverall = (after.rss - first.rss) / (MEMORY_SOCKETS_PER_ROUND * rounds.rss.length);
      if (rounds.rss.length >= MEMORY_ROUNDS.min && settled) break;
    }
  } finally {
    extra.close();
  }
  await sleep(2_000); // the server lets go of the closed sockets
  return rounds;
}

/**
 * The memory row. The heap a socket holds is read per round: every round must be positive and the
 * rounds must agree within half the budget, or the row is a FAILED measurement whatever its figure.
 * RSS per round is shown but not judged round by round: 1,000 sockets are ~11 MB, inside what the
 * allocator keeps from earlier phases and hands out again (a round once grew by nothing: -0.3 kB a
 * socket, its heap +11 kB); the judged RSS is the growth over all the rounds' sockets together, which
 * must be positive too.
 */
function memoryRow(m: MemoryRounds): BenchRow {
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const rss = sorted(m.rss);
  const heap = sorted(m.heap);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  const sockets = m.socketsPerRound * m.rss.length;
  const failedMeasurement = !heap.every((x) => x > 0)
    ? 'measurement failed: a round of heap came out zero or negative'
    : heap.at(-1)! - heap[0]! > MEMORY_SPREAD_ALLOWED
      ? `measurement failed: heap rounds disagree by more than ${kB(MEMORY_SPREAD_ALLOWED)}`
      : !(m.rssOverall > 0)
        ? `measurement failed: RSS did not grow over ${sockets} sockets`
        : '';
  return {
    id: 'B6',
    figure: `server memory per idle socket (${m.rss.length} rounds of ${m.socketsPerRound} more sockets, after full GC): RSS over all ${sockets}, heap the median round`,
    value: `${kB(m.rssOverall)} RSS (heap ${kB(median(heap))})`,
    spread: `heap ${kB(heap[0]!)}–${kB(heap.at(-1)!)}, RSS ${kB(rss[0]!)}–${kB(rss.at(-1)!)} (${m.rss.length} rounds)`,
    budget: '≤ 50 kB; every heap round > 0, within 25 kB; RSS over all > 0',
    reference: failedMeasurement,
    ratio: null,
    pass: !failedMeasurement && m.rssOverall <= MEMORY_BUDGET && median(heap) <= MEMORY_BUDGET,
    details: { memoryRounds: m },
  };
}

/**
 * Every (change, socket of its publisher) pair: the time from the change's commit to the socket's first
 * receipt of a count that includes it. A change no later push covered is missed.
 */
export function deliveries(changes: Change[], receipts: Receipt[], publisherOfSocket: number[]) {
  const bySocket = new Map<number, Receipt[]>();
  for (const r of receipts) {
    const list = bySocket.get(r[0]) ?? [];
    list.push(r);
    bySocket.set(r[0], list);
  }
  const latencies: number[] = [];
  let missed = 0;
  for (let socket = 0; socket < publisherOfSocket.length; socket++) {
    const mine = changes.filter((ch) => ch.publisherId === publisherOfSocket[socket]);
    const got = (bySocket.get(socket) ?? []).sort((a, b) => a[1] - b[1]);
    let next = 0;
    for (const change of mine) {
      while (next < got.length && (got[next]![2] < change.count || got[next]![1] < change.at)) next++;
      if (next === got.length) missed++;
      else latencies.push(got[next]![1] - change.at);
    }
  }
  return { sorted: latencies.sort((a, b) => a - b), missed };
}

/** Pushes per socket of the hot room in each whole second of the phase. */
function pushRate(
  receipts: Receipt[],
  started: number,
  seconds: number,
  publisherOfSocket: number[],
  hotPublisher: number,
) {
  const perSocketSecond = new Map<string, number>();
  const whole = Math.floor(seconds);
  for (const [socket, at] of receipts) {
    const second = Math.floor((at - started) / 1000);
    if (publisherOfSocket[socket] !== hotPublisher || second < 0 || second >= whole) continue;
    const key = `${socket}:${second}`;
    perSocketSecond.set(key, (perSocketSecond.get(key) ?? 0) + 1);
  }
  const values = [...perSocketSecond.values()];
  const sockets = publisherOfSocket.filter((p) => p === hotPublisher).length;
  return {
    maxPerSecond: Math.max(0, ...values),
    meanPerSecond: values.reduce((a, b) => a + b, 0) / Math.max(1, sockets * whole),
  };
}
