// B8: co-editing a package document of 1,000 keyframes (a Y.Array of Y.Maps) with 5 co-editors, on our
// /collab server (tickets, persistence of every update before it is relayed) and, beside it on the same
// documents and workload, a stock y-websocket server (@y/websocket-server, in memory). Clients are real
// WebsocketProviders in this process; the servers run in their own processes.
//   memory: 50 documents opened and filled (one socket each keeps them open): server memory after full
//           GCs, delta / 50;
//   initial sync: 4 more editors join each of 10 documents: from the socket's creation to sync step 2;
//   round trip: the 5 editors of one document take turns moving a keyframe, 10 changes a second: from the
//           change to each other editor's receipt.
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@hc/db/client';
import { BENCH_BIG_PUBLISHER_ID } from '@hc/db/seed/bench';
import { COLLAB_PATH } from '@hc/shared/api/collab';
import { ticketedWebSocket } from '../support/processes.ts';
import { quantile } from './load.ts';
import { loadUser } from './autocannon-load.ts';
import { probe, sessionsFor } from './live.ts';
import { startBenchServer, type BenchServer } from './processes.ts';
import { ms, type BenchRow } from './results.ts';

export interface CollabBenchContext {
  app: BenchServer;
  db: Db;
  log: (line: string) => void;
  seconds: (s: number) => number;
}

const KEYFRAMES = 1_000;
const DOCUMENTS = 50;
const EDITORS = 5;
// Joins on every document: 200, so the p99 is not the slowest single join (it was, at 40 joins).
const SYNC_DOCUMENTS = DOCUMENTS;
const CHANGES_PER_SECOND = 10;
const SYNC_TIMEOUT_MS = 20_000;
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

interface Target {
  name: string;
  server: BenchServer;
  /** Whatever a client does before it opens the socket (our ticket call), then the socket's provider. */
  connect(doc: string): Promise<() => WebsocketProvider>;
}

function keyframesOf(doc: Y.Doc) {
  return doc.getArray<Y.Map<number>>('keyframes');
}

function whenSynced(provider: WebsocketProvider): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no sync within ${SYNC_TIMEOUT_MS} ms`)),
      SYNC_TIMEOUT_MS,
    );
    provider.on('sync', (synced: boolean) => {
      if (!synced) return;
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}

/** The first editor of a document writes its 1,000 keyframes in one transaction. */
function fill(doc: Y.Doc) {
  doc.transact(() => {
    const keyframes = keyframesOf(doc);
    keyframes.push(
      Array.from({ length: KEYFRAMES }, (_, i) => {
        const keyframe = new Y.Map<number>();
        for (const [field, value] of Object.entries({ t: i * 40, x: 540, y: 960, zoom: 1 }))
          keyframe.set(field, value);
        return keyframe;
      }),
    );
  });
}

async function measure(target: Target, docs: string[], c: CollabBenchContext) {
  // Each WebsocketProvider listens for this process's exit.
  process.setMaxListeners(docs.length * 2 + 20);
  const providers: WebsocketProvider[] = [];
  /** A provider on a fresh Y.Doc, created just now (the sync time starts here). */
  const open = async (doc: string) => {
    const provider = (await target.connect(doc))();
    providers.push(provider);
    return provider;
  };
  try {
    const before = await probe<{ rss: number; heapUsed: number }>(target.server, 'memory');
    const owners: WebsocketProvider[] = [];
    for (const doc of docs) {
      const owner = await open(doc);
      await whenSynced(owner);
      fill(owner.doc);
      owners.push(owner);
    }
    // Every filled document reached the server: a new editor of the last one sees all its keyframes.
    const check = await open(docs.at(-1)!);
    await whenSynced(check);
    for (let i = 0; keyframesOf(check.doc).length < KEYFRAMES; i++) {
      if (i > 200) throw new Error(`${target.name}: the filled document did not arrive`);
      await sleep(50);
    }
    check.destroy();
    await sleep(500);
    const after = await probe<{ rss: number; heapUsed: number }>(target.server, 'memory');

    // One join first, unmeasured on both servers: the first joins of a run paid the JIT and the first
    // ticket and socket set-up (18-36 ms against ~5), and with 200 joins the p99 is the second slowest.
    const warmUp = await open(docs[0]!);
    await whenSynced(warmUp);
    warmUp.destroy();
    warmUp.doc.destroy();
    providers.splice(providers.indexOf(warmUp), 1);

    // Initial sync of 4 more editors on each document, one at a time.
    const syncs: number[] = [];
    const editorsOfFirst: WebsocketProvider[] = [owners[0]!];
    for (const [d, doc] of docs.slice(0, SYNC_DOCUMENTS).entries()) {
      for (let e = 1; e < EDITORS; e++) {
        const editor = await open(doc);
        syncs.push(await whenSynced(editor));
        if (keyframesOf(editor.doc).length !== KEYFRAMES)
          throw new Error(`${target.name}: a joining editor got ${keyframesOf(editor.doc).length} keyframes`);
        if (d === 0) editorsOfFirst.push(editor);
        else {
          // Only the first document's editors stay: 200 open 1,000-keyframe Y.Docs would load this
          // process (and its garbage collector) while it times the next joins.
          editor.destroy();
          editor.doc.destroy();
          providers.splice(providers.indexOf(editor), 1);
        }
      }
    }

    // Round trips: the editors of the first document take turns; each change moves one keyframe and
    // stamps the sequence number in a probe map, which every other editor reads when the update lands.
    const sentAt = new Map<number, number>();
    const roundTrips: number[] = [];
    const seen = editorsOfFirst.map(() => new Set<number>());
    editorsOfFirst.forEach((editor, e) => {
      editor.doc.on('update', (_update: Uint8Array, origin: unknown) => {
        if (origin === null) return; // its own change
        const now = performance.now();
        for (const [, seq] of editor.doc.getMap<number>('probe')) {
          if (seen[e]!.has(seq) || !sentAt.has(seq)) continue;
          seen[e]!.add(seq);
          roundTrips.push(now - sentAt.get(seq)!);
        }
      });
    });
    const changes = Math.round(c.seconds(10) * CHANGES_PER_SECOND);
    const start = performance.now();
    for (let seq = 0; seq < changes; seq++) {
      const due = start + (seq * 1000) / CHANGES_PER_SECOND;
      if (due > performance.now()) await sleep(due - performance.now());
      const e = seq % editorsOfFirst.length;
      const doc = editorsOfFirst[e]!.doc;
      seen[e]!.add(seq);
      sentAt.set(seq, performance.now());
      doc.transact(() => {
        keyframesOf(doc)
          .get(seq % KEYFRAMES)
          .set('x', seq);
        doc.getMap<number>('probe').set(`editor${e}`, seq);
      });
    }
    await sleep(1_000);
    const expected = changes * (editorsOfFirst.length - 1);
    const sortedSyncs = [...syncs].sort((a, b) => a - b);
    const sortedTrips = [...roundTrips].sort((a, b) => a - b);
    return {
      perDocument: (after.rss - before.rss) / docs.length,
      perDocumentHeap: (after.heapUsed - before.heapUsed) / docs.length,
      syncP99: quantile(sortedSyncs, 0.99),
      syncP50: quantile(sortedSyncs, 0.5),
      tripP99: quantile(sortedTrips, 0.99),
      tripP50: quantile(sortedTrips, 0.5),
      roundTrips: sortedTrips.length,
      missed: expected - sortedTrips.length,
    };
  } finally {
    for (const provider of providers) {
      provider.destroy();
      provider.doc.destroy();
    }
  }
}

export async function benchCollab(c: CollabBenchContext): Promise<BenchRow[]> {
  const packages = await queryRows<{ embed_id: string }>(
    c.db,
    sql`select embed_id from packages where publisher_id = ${BENCH_BIG_PUBLISHER_ID} and status = 'Draft'
        order by embed_id limit ${DOCUMENTS * 2}`,
  );
  if (packages.length < DOCUMENTS * 2) throw new Error('B8: the bench data set has too few draft packages');
  // Each server gets its own 50 documents, so ours never starts from documents stored by an earlier run.
  const run = Date.now().toString(36);
  const { email, user } = await loadUser(c.db);
  const [token] = await sessionsFor(c.app, [user]);
  const headers = { 'x-user-email': email, 'x-user-token': token! };
  const ticket = async (doc: string) => {
    const response = await fetch(`http://127.0.0.1:${c.app.port}/api/v1/editor/collab/tickets`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ doc }),
    });
    if (response.status !== 200) throw new Error(`B8: ticket refused (${response.status})`);
    return ((await response.json()) as { data: { ticket: string } }).data.ticket;
  };
  const ours: Target = {
    name: 'ours',
    server: c.app,
    // The first ticket is asked for before the provider exists; a reconnect would ask for another.
    connect: async (doc) => {
      let first: string | null = await ticket(doc);
      const next = () => {
        const taken = first;
        first = null;
        return taken ? Promise.resolve(taken) : ticket(doc);
      };
      return () =>
        new WebsocketProvider(`ws://127.0.0.1:${c.app.port}${COLLAB_PATH}`, doc, new Y.Doc(), {
          WebSocketPolyfill: ticketedWebSocket(next) as never,
          disableBc: true,
        });
    },
  };
  const stockServer = await startBenchServer('collab-stock');
  const stock: Target = {
    name: 'stock',
    server: stockServer,
    connect: async (doc) => () =>
      new WebsocketProvider(`ws://127.0.0.1:${stockServer.port}`, `${doc}-${run}`, new Y.Doc(), {
        WebSocketPolyfill: WebSocket as never,
        disableBc: true,
      }),
  };
  try {
    // Our documents are fresh: clear what an earlier run stored under these packages.
    const ourDocs = packages.slice(0, DOCUMENTS).map((p) => `package:${p.embed_id}`);
    await c.db.execute(
      sql`delete from collab_updates where doc_name in (${sql.join(
        ourDocs.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
    c.log(`B8 Yjs: our server, ${DOCUMENTS} documents of ${KEYFRAMES} keyframes, ${EDITORS} editors`);
    const mine = await measure(ours, ourDocs, c);
    c.log('B8 Yjs: stock y-websocket server, same documents and workload');
    const theirs = await measure(
      stock,
      packages.slice(DOCUMENTS).map((p) => `package:${p.embed_id}`),
      c,
    );
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
    const details = { ours: mine, stock: theirs };
    return [
      {
        id: 'B8',
        figure: `Yjs update round trip p99, ${EDITORS} editors of a ${KEYFRAMES}-keyframe document, ${CHANGES_PER_SECOND} changes/s`,
        value: `${ms(mine.tripP99)} (p50 ${ms(mine.tripP50)}${mine.missed ? `, ${mine.missed} missed` : ''})`,
        budget: '≤ 50 ms; ≤ 1.1x stock',
        reference: `stock y-websocket ${ms(theirs.tripP99)} (p50 ${ms(theirs.tripP50)})`,
        ratio: mine.tripP99 / theirs.tripP99,
        pass: mine.missed === 0 && mine.tripP99 <= 50 && mine.tripP99 <= Math.max(theirs.tripP99, 1) * 1.1,
        details,
      },
      {
        id: 'B8',
        figure: `Yjs initial sync p99, an editor joining a ${KEYFRAMES}-keyframe document (${SYNC_DOCUMENTS * (EDITORS - 1)} joins)`,
        value: `${ms(mine.syncP99)} (p50 ${ms(mine.syncP50)})`,
        budget: '≤ 200 ms; ≤ 1.1x stock',
        reference: `stock y-websocket ${ms(theirs.syncP99)} (p50 ${ms(theirs.syncP50)})`,
        ratio: mine.syncP99 / theirs.syncP99,
        pass: mine.syncP99 <= 200 && mine.syncP99 <= Math.max(theirs.syncP99, 1) * 1.1,
      },
      {
        id: 'B8',
        figure: `server memory per open ${KEYFRAMES}-keyframe document (${DOCUMENTS} open, RSS delta after GC / ${DOCUMENTS})`,
        value: `${kB(mine.perDocument)} (heap ${kB(mine.perDocumentHeap)})`,
        budget: '≤ 1 MB',
        reference: `stock y-websocket ${kB(theirs.perDocument)} (heap ${kB(theirs.perDocumentHeap)})`,
        ratio: mine.perDocument / theirs.perDocument,
        pass: mine.perDocument <= 1024 * 1024,
      },
    ];
  } finally {
    await stockServer.stop();
  }
}
