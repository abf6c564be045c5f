// The deployment's topology on loopback: two server processes and two worker
// processes, started as production starts them, on one PostgreSQL database, one Redis database and one
// media folder, with no Docker. It shows that
// - a client of server A and a client of server B see the same pending counts and task locks;
// - two co-editors, one on A and one on B, converge;
// - story-archive jobs are spread over both workers, none runs twice, every archive exists once;
// - a worker killed mid-job (SIGKILL) leaves the job to the other, which finishes it;
// - a server killed mid-session (SIGKILL) sends its clients (live channel, co-editing, REST) to the
//   other after reconnecting, and no edit acknowledged before the kill is lost.
// Clients reach "A" and "B" through small failover proxies (each prefers one server and falls back to
// the other), which is what the deployment's load balancer does for a client whose replica died.
//
// Jobs are held mid-run deterministically: a story's video is a named pipe (FIFO), and the archive job
// blocks reading it until the test writes the bytes.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { schema } from '@hc/db/schema';
import { COLLAB_PATH } from '@hc/shared/api/collab';
import type { PendingCounts } from '@hc/shared/api/pending';
import type { LockChangedEvent } from '@hc/shared/live/events';
import { LOCK_FENCE_HEADER, lockMessages, lockPath } from '@hc/shared/live/locks';
import { deploymentOf } from '@hc/db/deployment';
import { QUEUES } from '@hc/shared/queues';
import { editLogEntryBody } from '../support/audit-entries.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPackage, buildPublisher, buildUser } from '../support/factories.ts';
import { collect, connectAs, type LiveClient } from '../support/live-client.ts';
import {
  killHard,
  startFailoverProxy,
  startServerProcess,
  startWorkerProcess,
  stopProcesses,
  ticketedWebSocket,
  type AppProcess,
  type FailoverProxy,
  type ServerProcess,
  type WorkerProcess,
} from '../support/processes.ts';
import { eventually } from '../support/retry.ts';
import { redisUrl } from '../support/services.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

type Headers = Record<string, string>;

/** A Redis database of its own (flushed first), as a deployment of its own would have. */
const REDIS_DB = 9;
const topologyRedisUrl = (() => {
  const url = new URL(redisUrl);
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
})();

let database: TestDatabase;
let dataDir: string;
let mediaDir: string;
let serverA: ServerProcess;
let serverB: ServerProcess;
let workers: WorkerProcess[] = [];
const processes: AppProcess[] = [];
/** Clients of "A": A while it lives, then B. Clients of "B": always B. */
let viaA: FailoverProxy;
let viaB: FailoverProxy;
let redis: Redis;
let zipQueue: Queue;
const cleanups: (() => unknown)[] = [];

let publisherId: number;
interface Session {
  email: string;
  'x-user-email': string;
  'x-user-token': string;
}
const sessions = {} as Record<'reviewer1' | 'reviewer2' | 'editor1' | 'editor2' | 'zipper', Session>;

async function call(base: string, method: string, url: string, headers: Headers, body?: unknown) {
  const response = await fetch(`${base}/api/v1/editor/${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as { data?: never; errors?: string[] },
  };
}

async function loginVia(base: string, email: string, password: string): Promise<Session> {
  const response = await fetch(`${base}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { email: string; token: string } };
  return { email: data.email, 'x-user-email': data.email, 'x-user-token': data.token };
}

const authOf = (session: Session): Headers => ({
  'x-user-email': session['x-user-email'],
  'x-user-token': session['x-user-token'],
});

beforeAll(async () => {
  redis = new Redis(topologyRedisUrl, { maxRetriesPerRequest: null });
  await redis.flushdb();
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'hc-topology-'));
  mediaDir = path.join(dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });

  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: topologyRedisUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  // The web build is not what this is about (and two servers would build it at once when it is missing).
  const serverEnv = { ...shared, RUN_WORKER: 'false', SEED_DEMO: 'false', SERVE_WEB: 'false' };
  // A killed worker's job is found stalled within seconds instead of a minute (lock 5 s, checked every 1 s).
  const workerEnv = { ...shared, WORKER_LOCK_DURATION_MS: '5000', WORKER_STALLED_INTERVAL_MS: '1000' };
  // The processes start (seconds each) while the rows are made.
  const starting = Promise.allSettled([
    startServerProcess('server A', serverEnv),
    startServerProcess('server B', serverEnv),
    startWorkerProcess('worker 1', workerEnv),
    startWorkerProcess('worker 2', workerEnv),
  ]);

  const db = database.handle.db;
  publisherId = (await buildPublisher(db)).id;
  const users = {
    reviewer1: await buildUser(db, { publisherId, roles: ['switch_publisher'] }),
    reviewer2: await buildUser(db, { publisherId, roles: ['switch_publisher'] }),
    editor1: await buildUser(db, { publisherId, roles: ['editorial_manager'] }),
    editor2: await buildUser(db, { publisherId, roles: ['editorial_manager'] }),
    zipper: await buildUser(db, { publisherId, roles: ['stamp_manager'] }),
  };
  // Story archives are for 406xx users only.
  await db.update(schema.users).set({ userIdentifier: '40677' }).where(eq(schema.users.id, users.zipper.id));

  const started = await starting;
  for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  [serverA, serverB] = processes as [ServerProcess, ServerProcess];
  workers = processes.slice(2) as WorkerProcess[];
  viaA = await startFailoverProxy(() => [serverA.port, serverB.port]);
  viaB = await startFailoverProxy(() => [serverB.port, serverA.port]);

  for (const name of Object.keys(users) as (keyof typeof users)[]) {
    // Logins through either server: sessions live in PostgreSQL.
    sessions[name] = await loginVia(
      name.endsWith('2') ? viaB.url : viaA.url,
      users[name].email,
      users[name].password,
    );
  }
  // The processes' queues: under the namespace they derive from the database, as this does.
  const { jobsPrefix } = await deploymentOf(database.handle);
  zipQueue = new Queue(QUEUES.storyHighlightsZip, { connection: redis, prefix: jobsPrefix });
}, 150_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  await stopProcesses(processes);
  await viaA?.close();
  await viaB?.close();
  await zipQueue?.close();
  await redis?.flushdb().catch(() => undefined);
  redis?.disconnect();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two servers, one deployment', () => {
  it('a client of A and a client of B see the same pending counts and task locks', async () => {
    const { reviewer1, reviewer2 } = sessions;
    const { videoId } = await buildVerticalTask(database.handle.db, { publisherId });
    await buildVerticalTask(database.handle.db, { publisherId });
    const onA = await connectAs(serverA.url, reviewer1);
    const onB = await connectAs(serverB.url, reviewer2);
    cleanups.push(
      () => onA.close(),
      () => onB.close(),
    );
    const countsA = collect(onA, 'pending_counts');
    const countsB = collect(onB, 'pending_counts');
    const locksA = collect(onA, 'lock_changed');
    const locksB = collect(onB, 'lock_changed');

    const countsVia = async (base: string, session: Session) => {
      const response = await call(base, 'GET', 'pending_counts', authOf(session));
      expect(response.status).toBe(200);
      return response.body.data as unknown as PendingCounts;
    };
    const before = await countsVia(serverA.url, reviewer1);
    expect(before.verticalHighlight).toBe(2);
    expect(await countsVia(serverB.url, reviewer2)).toEqual(before);

    // A lease taken through A: B's client hears it, and B refuses the other reviewer.
    const taken = await call(serverA.url, 'POST', lockPath('vertical_task', videoId), authOf(reviewer1));
    expect(taken.status).toBe(200);
    const held = (events: LockChangedEvent[]) =>
      expect(events.some((e) => e.id === videoId && e.holder_email === reviewer1.email)).toBe(true);
    await eventually(() => {
      held(locksA);
      held(locksB);
    });
    const refused = await call(serverB.url, 'POST', lockPath('vertical_task', videoId), authOf(reviewer2));
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([lockMessages.heldBy(reviewer1.email)]);

    // A review through A moves the count: both clients are pushed the same new counts.
    const fence = String((taken.body.data as unknown as { fence: number }).fence);
    const rejected = await call(
      serverA.url,
      'POST',
      'vertical_video/reject',
      { ...authOf(reviewer1), [LOCK_FENCE_HEADER]: fence },
      { video_id: videoId, reason: ['Bad framing'], content_type: 'highlight' },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await eventually(() => {
      expect(countsA.at(-1)?.verticalHighlight).toBe(1);
      expect(countsB.at(-1)).toEqual(countsA.at(-1));
    });
    expect(await countsVia(serverB.url, reviewer2)).toEqual(countsA.at(-1));
    expect(await countsVia(serverA.url, reviewer1)).toEqual(countsA.at(-1));
    // The review freed the lease, for both.
    await eventually(() => {
      expect(locksA.at(-1)).toMatchObject({ id: videoId, holder_email: null });
      expect(locksB.at(-1)).toMatchObject({ id: videoId, holder_email: null });
    });
  });
});

// --- Co-editing through the proxies, with a fresh ticket per connection. ---

interface Editor {
  doc: Y.Doc;
  provider: WebsocketProvider;
  items(): string[];
  add(item: string): void;
  connections: number;
}

function openEditor(via: FailoverProxy, session: Session, docName: string): Editor {
  const doc = new Y.Doc();
  const fetchTicket = async () => {
    const response = await call(via.url, 'POST', 'collab/tickets', authOf(session), { doc: docName });
    if (response.status !== 200) throw new Error(`ticket refused: ${response.status}`);
    return (response.body.data as unknown as { ticket: string }).ticket;
  };
  const provider = new WebsocketProvider(`${via.url.replace('http', 'ws')}${COLLAB_PATH}`, docName, doc, {
    WebSocketPolyfill: ticketedWebSocket(fetchTicket) as never,
    disableBc: true,
    maxBackoffTime: 300,
  });
  const list = doc.getArray<string>('topology');
  const editor: Editor = {
    doc,
    provider,
    items: () => list.toArray(),
    add: (item) => list.push([item]),
    connections: 0,
  };
  provider.on('status', ({ status }) => {
    if (status === 'connected') editor.connections++;
  });
  cleanups.push(() => {
    provider.destroy();
    doc.destroy();
  });
  return editor;
}

const synced = (editor: Editor) => eventually(() => expect(editor.provider.synced).toBe(true), 15_000);

let packageDoc: string;
let editorOnA: Editor;
let editorOnB: Editor;

describe('co-editing across servers', () => {
  it('two editors, one on A and one on B, converge', async () => {
    const pkg = await buildPackage(database.handle.db, publisherId, { highlightIds: [] });
    packageDoc = `package:${pkg.embedId}`;
    editorOnA = openEditor(viaA, sessions.editor1, packageDoc);
    editorOnB = openEditor(viaB, sessions.editor2, packageDoc);
    await Promise.all([synced(editorOnA), synced(editorOnB)]);
    editorOnA.add('a-1');
    editorOnB.add('b-1');
    editorOnA.add('a-2');
    await eventually(() => {
      expect([...editorOnA.items()].sort()).toEqual(['a-1', 'a-2', 'b-1']);
      expect(editorOnB.items()).toEqual(editorOnA.items());
    });
  });
});

// --- Jobs: story archives held mid-run by named pipes. ---

const archiveDir = () => path.join(mediaDir, 'archives', 'story-highlights', String(publisherId));
const archivesOf = async (jobId: string) =>
  (await readdir(archiveDir()).catch(() => [] as string[])).filter(
    (name) => name.startsWith(`${jobId}-`) && name.endsWith('.zip'),
  );

/** A FIFO in the media store; the job reading it waits until `feed` writes its bytes. */
async function mediaPipe(relative: string) {
  const file = path.join(mediaDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  const bytes = randomBytes(20_000);
  return {
    bytes,
    /** Writes once a reader (a job) has the pipe open; fits in the pipe's buffer, so it never blocks. */
    feed: () =>
      eventually(
        async () => {
          const handle = await open(file, constants.O_WRONLY | constants.O_NONBLOCK);
          try {
            await handle.write(bytes);
          } finally {
            await handle.close();
          }
        },
        30_000,
        50,
      ),
  };
}

async function storyWithVideos(title: string, videos: string[]) {
  const story = await buildStory(database.handle.db, publisherId, { title });
  for (const [i, videoUrl] of videos.entries()) {
    await buildStoryPage(database.handle.db, story.id, {
      ordinal: i + 1,
      objectType: 'video',
      title: `${title} ${i + 1}`,
      videoUrl,
    });
  }
  return story.id;
}

async function startZip(base: string, storyId: number): Promise<string> {
  const response = await call(
    base,
    'POST',
    `stamp/stories/${storyId}/highlights_zip`,
    authOf(sessions.zipper),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return (response.body.data as unknown as { job_id: string }).job_id;
}

async function zipStatus(base: string, jobId: string) {
  const response = await call(base, 'GET', `stamp/stories/highlights_zip/${jobId}`, authOf(sessions.zipper));
  expect(response.status).toBe(200);
  return response.body.data as unknown as { state: string; progress: number; url: string | null };
}

/** The ids of the jobs a worker process started (its 'job started' log lines), one entry per attempt. */
const startedBy = (worker: WorkerProcess) =>
  worker
    .logged('job started')
    .filter((e) => e.queue === QUEUES.storyHighlightsZip)
    .map((e) => String(e.jobId));

/** The archive's entries, read back with unzip. */
const entriesOf = (file: string) => execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
const entryBytes = (file: string, name: string) =>
  execFileSync('unzip', ['-p', file, name], { maxBuffer: 1 << 24 });

describe('jobs across two workers', () => {
  it('are spread over both workers, none runs twice, and every archive exists exactly once', async () => {
    const pipes = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => mediaPipe(`clips/spread-${i}.mp4`)));
    const storyIds = await Promise.all(
      pipes.map((_, i) => storyWithVideos(`Spread ${i + 1}`, [`clips/spread-${i + 1}.mp4`])),
    );
    // Enqueued through both servers.
    const jobIds: string[] = [];
    for (const [i, storyId] of storyIds.entries())
      jobIds.push(await startZip(i % 2 ? serverB.url : serverA.url, storyId));
    expect(new Set(jobIds).size).toBe(6);

    // Each worker runs two archive jobs at a time; with every job waiting on its pipe, four run at once:
    // two on each worker.
    await eventually(async () => {
      expect(await zipQueue.getActiveCount()).toBe(4);
      for (const worker of workers) expect(startedBy(worker)).toHaveLength(2);
    }, 20_000);

    await Promise.all(pipes.map((pipe) => pipe.feed()));
    await eventually(async () => {
      for (const jobId of jobIds) expect((await zipStatus(serverB.url, jobId)).state).toBe('completed');
    }, 30_000);

    const runs = workers.flatMap(startedBy).filter((id) => jobIds.includes(id));
    expect(runs.sort()).toEqual([...jobIds].sort()); // each job started exactly once, on one worker
    for (const worker of workers) expect(startedBy(worker).length).toBeGreaterThanOrEqual(2);
    for (const jobId of jobIds) expect((await zipQueue.getJob(jobId))?.attemptsStarted).toBe(1);
    for (const [i, jobId] of jobIds.entries()) {
      const archives = await archivesOf(jobId);
      expect(archives).toHaveLength(1);
      const file = path.join(archiveDir(), archives[0]!);
      const [entry] = entriesOf(file);
      expect(entryBytes(file, entry!).equals(pipes[i]!.bytes)).toBe(true);
    }
  });

  it('a worker killed mid-job (SIGKILL) leaves the job to the other, which finishes it', async () => {
    const firstClip = randomBytes(30_000);
    await mkdir(path.join(mediaDir, 'clips'), { recursive: true });
    await writeFile(path.join(mediaDir, 'clips/kill-1.mp4'), firstClip);
    const pipe = await mediaPipe('clips/kill-2.mp4');
    const storyId = await storyWithVideos('Killed', ['clips/kill-1.mp4', 'clips/kill-2.mp4']);
    const jobId = await startZip(serverA.url, storyId);
    // Mid-job: the first file is in the archive, the job waits on the second.
    await eventually(async () => {
      const status = await zipStatus(serverA.url, jobId);
      expect(status.state).toBe('active');
      expect(status.progress).toBeGreaterThan(0);
    }, 20_000);
    const holder = await eventually(() => {
      const found = workers.find((w) => startedBy(w).includes(jobId));
      if (!found) throw new Error(`no worker logged the start of ${jobId}`);
      return found;
    });
    const other = workers.find((w) => w !== holder)!;
    await killHard(holder);
    expect(await archivesOf(jobId)).toEqual([]);

    // The other worker finds the job stalled (its lock lapsed) and runs it again.
    await eventually(() => expect(startedBy(other)).toContain(jobId), 20_000);
    await pipe.feed();
    await eventually(
      async () => expect((await zipStatus(serverB.url, jobId)).state).toBe('completed'),
      20_000,
    );
    const archives = await archivesOf(jobId);
    expect(archives).toHaveLength(1);
    // Nothing of the killed run is left (its temp file is removed by the retry).
    expect((await readdir(archiveDir())).filter((name) => name.includes(jobId))).toEqual(archives);
    const file = path.join(archiveDir(), archives[0]!);
    const entries = entriesOf(file);
    expect(entries).toHaveLength(2);
    expect(entryBytes(file, entries[0]!).equals(firstClip)).toBe(true);
    expect(entryBytes(file, entries[1]!).equals(pipe.bytes)).toBe(true);
  });
});

// --- A server killed mid-session. ---

describe('a server process killed mid-session', () => {
  it('moves its clients to the other server after reconnecting, and loses no acknowledged edit', async () => {
    const { editor1, reviewer1 } = sessions;
    // editor1's live channel through "A", starting on long-polling as the browser does.
    const live: LiveClient = io(viaA.url, {
      path: '/socket.io',
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
      auth: { email: editor1['x-user-email'], token: editor1['x-user-token'] },
    });
    cleanups.push(() => live.close());
    let liveConnects = 0;
    live.on('connect', () => liveConnects++);
    await eventually(() => expect(liveConnects).toBe(1), 10_000);
    const lockEvents = collect(live, 'lock_changed');

    // Edits keep coming from the editor on "A" (co-editing) and from REST calls through "A".
    let stop = false;
    let sequence = 0;
    const editing = (async () => {
      while (!stop) {
        editorOnA.add(`x-${++sequence}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const acknowledgedRest: { id: number; at: number }[] = [];
    // Frame-editor entries (the only audit entries a browser may write), paced below their per-user rate.
    const { videoId: loggedVideo } = await buildVerticalTask(database.handle.db, { publisherId });
    const writing = (async () => {
      let n = 0;
      while (!stop) {
        const response = await call(
          viaA.url,
          'POST',
          'audit_log/create',
          authOf(sessions.reviewer2),
          editLogEntryBody(loggedVideo, { frame: ++n }),
        ).catch(() => null);
        // Acknowledged = answered 201 with the stored row's id.
        if (response?.status === 201)
          acknowledgedRest.push({ id: (response.body.data as unknown as { id: number }).id, at: Date.now() });
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();

    const fromA = () => editorOnB.items().filter((item) => item.startsWith('x-'));
    await eventually(() => expect(fromA().length).toBeGreaterThanOrEqual(10), 10_000);
    expect(acknowledgedRest.length).toBeGreaterThan(0);
    await killHard(serverA);
    const killedAt = Date.now();
    // Acknowledged co-editing edits: what the editor on B received. A may have died before storing the
    // last of them; B, which has them, stores them too (each process stores what it accepted).
    const acknowledgedEdits = fromA();
    const restBeforeKill = acknowledgedRest.filter((a) => a.at <= killedAt).map((a) => a.id);

    // Every client of A reconnects (through the proxy, to B): the live channel, the co-editor, REST.
    await eventually(() => expect(liveConnects).toBeGreaterThanOrEqual(2), 15_000);
    await eventually(() => expect(editorOnA.connections).toBeGreaterThanOrEqual(2), 15_000);
    await synced(editorOnA);
    await eventually(() => expect(acknowledgedRest.some((a) => a.at > killedAt)).toBe(true), 15_000);
    stop = true;
    await Promise.all([editing, writing]);

    // The reconnected live channel is served by B: a lock taken there reaches it.
    const { videoId } = await buildVerticalTask(database.handle.db, { publisherId });
    expect(
      (await call(serverB.url, 'POST', lockPath('vertical_task', videoId), authOf(reviewer1))).status,
    ).toBe(200);
    await eventually(() =>
      expect(lockEvents.some((e) => e.id === videoId && e.holder_email === reviewer1.email)).toBe(true),
    );

    // Both editors converge on everything, including the edits made while A's editor was cut off.
    const all = Array.from({ length: sequence }, (_, i) => `x-${i + 1}`);
    await eventually(() => {
      expect(editorOnA.items()).toEqual(editorOnB.items());
      expect(fromA()).toEqual(all);
    }, 15_000);
    expect(acknowledgedEdits.every((item) => all.includes(item))).toBe(true);

    // Stored: the document read back from PostgreSQL holds every acknowledged edit.
    const stored = new Y.Doc();
    const rows = await database.handle.db
      .select()
      .from(schema.collabUpdates)
      .where(eq(schema.collabUpdates.docName, packageDoc));
    for (const row of rows) Y.applyUpdate(stored, row.update);
    const storedItems = stored.getArray<string>('topology').toArray();
    for (const item of acknowledgedEdits) expect(storedItems).toContain(item);

    // Every REST write acknowledged before the kill is in the database.
    const auditIds = new Set(
      (
        await database.handle.db
          .select({ id: schema.auditLog.id })
          .from(schema.auditLog)
          .where(eq(schema.auditLog.objectId, String(loggedVideo)))
      ).map((r) => r.id),
    );
    expect(restBeforeKill.filter((id) => !auditIds.has(id))).toEqual([]);
  });
});
