// item 4: the server killed with SIGKILL while three editors co-edit a package and a story
// document (the two kinds of Yjs document), then a failed load.
// The persistence window (store.ts, hub.ts `accept`): there is no debounce; every update is appended to
// collab_updates before it is applied or relayed, one at a time per document. The window is therefore
// from an update's arrival to its INSERT's commit: updates inside it are neither stored nor seen by the
// other editors. The first test holds every editor's updates there on purpose (the table locked by the
// test, so the server's INSERT waits) and kills the server; the second kills at a seeded random point of
// continuous editing. After a restart the editors reconnect with fresh tickets through one address, and
// must converge on every edit, equal to what the database holds, with nothing doubled.
import { randomInt } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { schema } from '@hc/db/schema';
import { collabDocName } from '@hc/shared/api/collab';
import {
  collabServerEnv,
  loginAt,
  openEditor,
  seededRandom,
  storedDoc,
  type Editor,
  type Session,
} from '../support/collab-processes.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { buildPackage, buildPublisher, buildUser } from '../support/factories.ts';
import {
  killHard,
  startFailoverProxy,
  startServerProcess,
  stopProcesses,
  type FailoverProxy,
  type ServerProcess,
} from '../support/processes.ts';
import { eventually } from '../support/retry.ts';
import { buildStory } from '../support/story-factories.ts';

let database: TestDatabase;
let env: Record<string, string>;
let server: ServerProcess;
let proxy: FailoverProxy;
let publisherId: number;
let sessions: Session[];
const editors: Editor[] = [];
const started: ServerProcess[] = [];
let serverCount = 0;
/** The processes that replace the killed ones, in order. */
let spares: Promise<ServerProcess>[] = [];

function startServer(): Promise<ServerProcess> {
  serverCount += 1;
  const starting = startServerProcess(`server ${serverCount}`, env);
  void starting.then((process) => started.push(process)).catch(() => undefined);
  return starting;
}

/**
 * The next process, in place of a killed one. The replacements are started with the first (a start takes
 * seconds, many on a loaded machine); each opens the documents only when the editors come back after the
 * kill, from the database, exactly as a restarted process would.
 */
async function replaceServer() {
  server = await spares.shift()!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  env = await collabServerEnv(database.url);
  const db = database.handle.db;
  publisherId = (await buildPublisher(db)).id;
  const users = await Promise.all(
    [0, 1, 2].map(() =>
      buildUser(db, { publisherId, roles: ['editorial_manager', 'stamp_manager', 'create_new_video_page'] }),
    ),
  );
  const first = startServer();
  spares = [startServer(), startServer()];
  for (const spare of spares) spare.catch(() => undefined);
  server = await first;
  // One address for the editors whichever process runs: the proxy follows `server`.
  proxy = await startFailoverProxy(() => [server.port]);
  sessions = [];
  for (const user of users) sessions.push(await loginAt(proxy.url, user.email));
});

afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

afterAll(async () => {
  await proxy?.close();
  await Promise.allSettled(spares);
  await stopProcesses(started);
  await database?.drop();
});

// --- The documents as the editors shape them (the co-editing contract, docs/TEAM-CONTRACTS.md). ---

/** package:{embed id}: `highlights` is a Y.Array of Y.Map {id, title}; each id is added once, by one editor. */
const highlightsOf = (doc: Y.Doc) => doc.getArray<Y.Map<unknown>>('highlights');
const idsOf = (doc: Y.Doc) => highlightsOf(doc).map((entry) => entry.get('id') as number);
/** story:{id}: `drafts` holds flat keys '{page}.title', '{page}.fields.{name}'. */
const draftsOf = (doc: Y.Doc) => doc.getMap<string>('drafts');

/** Editor `who`'s edit number `n` of both documents: a new highlight, a rename, story draft values. */
function edit(pkg: Y.Doc, story: Y.Doc, who: number, n: number) {
  pkg.transact(() => {
    const entry = new Y.Map<unknown>();
    entry.set('id', who * 10_000 + n);
    entry.set('title', `highlight ${who}-${n}`);
    highlightsOf(pkg).push([entry]);
    // A rename of one of this editor's own earlier highlights.
    if (n % 3 === 2) {
      const own = highlightsOf(pkg)
        .toArray()
        .find((e) => e.get('id') === who * 10_000 + n - 2);
      own?.set('title', `renamed ${who}-${n}`);
    }
  });
  story.transact(() => {
    draftsOf(story).set(`${who + 1}.title`, `title ${who}-${n}`);
    draftsOf(story).set(`${who + 1}.fields.f${n}`, `value ${who}-${n}`);
  });
}

/** The ids editor `who` added, edits [0, count). */
const idsBy = (who: number, count: number) => Array.from({ length: count }, (_, n) => who * 10_000 + n);

interface Team {
  pkgName: string;
  storyName: string;
  pkg: Editor[];
  story: Editor[];
}

async function openTeam(): Promise<Team> {
  const db = database.handle.db;
  const pkgName = collabDocName.package((await buildPackage(db, publisherId, { highlightIds: [] })).embedId);
  const storyName = collabDocName.story((await buildStory(db, publisherId)).id);
  const pkg = sessions.map((session) => openEditor(proxy.url, session, pkgName));
  const story = sessions.map((session) => openEditor(proxy.url, session, storyName));
  editors.push(...pkg, ...story);
  await eventually(() => expect([...pkg, ...story].every((e) => e.provider.synced)).toBe(true), 15_000);
  return { pkgName, storyName, pkg, story };
}

const snapshot = (doc: Y.Doc) => ({
  highlights: highlightsOf(doc).toJSON(),
  drafts: draftsOf(doc).toJSON(),
});

/** The title of editor `who`'s highlight `n` once it made `count` edits (edit n + 2 renames it when n % 3 is 0). */
const titleOf = (who: number, n: number, count: number) =>
  n % 3 === 0 && n + 2 < count ? `renamed ${who}-${n + 2}` : `highlight ${who}-${n}`;

/** The story draft keys after each editor made `counts[who]` edits. */
const keysAfter = (counts: number[]) =>
  counts
    .flatMap((count, who) =>
      count === 0
        ? []
        : [`${who + 1}.title`, ...Array.from({ length: count }, (_, n) => `${who + 1}.fields.f${n}`)],
    )
    .sort();

/**
 * After the restart: every editor converged on every edit (`counts[who]` by each), and the database, once
 * the resent updates are stored, holds exactly the converged documents; no highlight is doubled and each
 * has the title its last rename gave it.
 */
async function expectConvergedAndStored(team: Team, counts: number[]) {
  const expectedIds = counts.flatMap((count, who) => idsBy(who, count)).sort();
  await eventually(
    () => {
      for (const editor of team.pkg) expect([...idsOf(editor.doc)].sort()).toEqual(expectedIds);
      for (const editor of team.story)
        expect(Object.keys(draftsOf(editor.doc).toJSON()).sort()).toEqual(keysAfter(counts));
      for (const editor of team.pkg.slice(1))
        expect(snapshot(editor.doc)).toEqual(snapshot(team.pkg[0]!.doc));
      for (const editor of team.story.slice(1))
        expect(snapshot(editor.doc)).toEqual(snapshot(team.story[0]!.doc));
    },
    20_000,
    100,
  );
  const db = database.handle.db;
  await eventually(
    async () => {
      expect(snapshot(await storedDoc(db, team.pkgName))).toEqual(snapshot(team.pkg[0]!.doc));
      expect(snapshot(await storedDoc(db, team.storyName))).toEqual(snapshot(team.story[0]!.doc));
    },
    10_000,
    100,
  );
  const stored = await storedDoc(db, team.pkgName);
  const ids = idsOf(stored);
  expect(new Set(ids).size, 'a highlight stored twice').toBe(ids.length);
  for (const entry of highlightsOf(stored).toArray()) {
    const id = entry.get('id') as number;
    const who = Math.floor(id / 10_000);
    expect(entry.get('title')).toBe(titleOf(who, id % 10_000, counts[who]!));
  }
}

describe('server killed inside the persistence window', () => {
  it('updates shared while their INSERT was held: lost with the server, sent again by the editors after the restart, nothing doubled', async () => {
    const team = await openTeam();
    const db = database.handle.db;
    // Stored edits first: each editor sees the others', and the database has them.
    for (let n = 0; n < 5; n += 1)
      for (const who of [0, 1, 2]) edit(team.pkg[who]!.doc, team.story[who]!.doc, who, n);
    const stored = [0, 1, 2].flatMap((who) => idsBy(who, 5));
    await eventually(async () => {
      for (const editor of team.pkg) expect(idsOf(editor.doc)).toHaveLength(stored.length);
      expect(idsOf(await storedDoc(db, team.pkgName))).toHaveLength(stored.length);
    }, 10_000);

    // The window, held open: the test locks the table, so the server's next INSERT waits on the lock.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table collab_updates in share mode');
      for (let n = 5; n < 10; n += 1)
        for (const who of [0, 1, 2]) edit(team.pkg[who]!.doc, team.story[who]!.doc, who, n);
      await eventually(async () => {
        const waiting = await locker.query<{ count: string }>(
          `select count(*) from pg_stat_activity where datname = current_database()
             and wait_event_type = 'Lock' and query ilike '%insert into "collab_updates"%'`,
        );
        // The server's INSERTs wait; later updates queue behind them in the server.
        expect(Number(waiting.rows[0]!.count)).toBeGreaterThan(0);
      }, 10_000);
      // Inside the window: shared with every editor at once, stored nowhere.
      await eventually(() => {
        for (const editor of team.pkg) expect(idsOf(editor.doc)).toHaveLength(stored.length * 2);
      }, 10_000);
      await killHard(server);
      // PostgreSQL finds a dead client only when it answers it (or with client_connection_check_interval
      // set): end the held INSERTs' sessions as it would, so none commits once the lock goes.
      await locker.query(`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and query ilike '%insert into "collab_updates"%'`);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect(server.child.signalCode).toBe('SIGKILL');

    // The database has what was stored before the window, and nothing of what the lock held.
    const afterKill = await storedDoc(db, team.pkgName);
    expect([...idsOf(afterKill)].sort()).toEqual([...stored].sort());
    // Meanwhile the editors edit on, offline.
    for (const who of [0, 1, 2]) edit(team.pkg[who]!.doc, team.story[who]!.doc, who, 10);

    await replaceServer();
    await expectConvergedAndStored(team, [11, 11, 11]);
  });

  it('killed at a seeded random point of continuous editing: converges on every edit, nothing doubled', async () => {
    const seed = Number(process.env.FAULTS_SEED ?? randomInt(1, 2 ** 31));
    const random = seededRandom(seed);
    const killAfterMs = 150 + Math.floor(random() * 1_000);
    const downMs = 100 + Math.floor(random() * 500);
    console.log(
      `collab-kill: seed ${seed} (FAULTS_SEED=${seed} replays it): kill after ${killAfterMs} ms, down ${downMs} ms`,
    );
    const team = await openTeam();
    const counts = [0, 0, 0];
    let editing = true;
    // Each editor edits every 20 to 60 ms (seeded), until the server has been down for `downMs`.
    const loops = [0, 1, 2].map(async (who) => {
      while (editing) {
        edit(team.pkg[who]!.doc, team.story[who]!.doc, who, counts[who]!);
        counts[who]! += 1;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(random() * 40)));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    await killHard(server);
    // No server for a while: the editors edit on, offline; then the new process.
    await new Promise((resolve) => setTimeout(resolve, downMs));
    editing = false;
    await Promise.all(loops);
    await replaceServer();
    await expectConvergedAndStored(team, counts);
  });
});

describe('a failed load', () => {
  it('never overwrites stored content: not while the table cannot be read, nor a row that does not apply', async () => {
    const db = database.handle.db;
    const pkgName = collabDocName.package(
      (await buildPackage(db, publisherId, { highlightIds: [] })).embedId,
    );
    // Stored content as an earlier server left it: two updates of editor 9, and between them a damaged row.
    const earlier = new Y.Doc();
    const earlierStory = new Y.Doc();
    for (let n = 0; n < 5; n += 1) edit(earlier, earlierStory, 9, n);
    const firstState = Y.encodeStateVector(earlier);
    const damaged = Buffer.alloc(10, 0xff); // the Yjs decoder rejects it: "Integer out of Range"
    await db.insert(schema.collabUpdates).values([
      { docName: pkgName, update: Buffer.from(Y.encodeStateAsUpdate(earlier)) },
      { docName: pkgName, update: damaged },
    ]);
    for (let n = 5; n < 7; n += 1) edit(earlier, earlierStory, 9, n);
    await db
      .insert(schema.collabUpdates)
      .values({ docName: pkgName, update: Buffer.from(Y.encodeStateAsUpdate(earlier, firstState)) });
    const storedIds = idsBy(9, 7);

    // The load fails (a real database error: the table is not there) while two editors open the
    // document: one with nothing, one with edits it made offline.
    const offline = new Y.Doc();
    for (let n = 0; n < 2; n += 1) edit(offline, new Y.Doc(), 1, n);
    await db.execute(sql.raw('alter table collab_updates rename to collab_updates_away'));
    let empty: Editor;
    let withEdits: Editor;
    try {
      empty = openEditor(proxy.url, sessions[0]!, pkgName);
      withEdits = openEditor(proxy.url, sessions[1]!, pkgName, offline);
      editors.push(empty, withEdits);
      // Both are refused (1011) and retry; neither gets a document the database did not give.
      await eventually(() => {
        expect(empty.closeCodes).toContain(1011);
        expect(withEdits.closeCodes).toContain(1011);
      }, 10_000);
      await eventually(() =>
        expect(server.logged('collab document could not be loaded').length).toBeGreaterThan(0),
      );
      expect(empty.provider.synced).toBe(false);
      expect(idsOf(empty.doc)).toEqual([]);
    } finally {
      await db.execute(sql.raw('alter table collab_updates_away rename to collab_updates'));
    }

    // The failure clears: both load what was stored, plus the offline edits; the stored rows are intact.
    const expectedIds = [...storedIds, ...idsBy(1, 2)].sort();
    await eventually(() => {
      expect([...idsOf(empty.doc)].sort()).toEqual(expectedIds);
      expect([...idsOf(withEdits.doc)].sort()).toEqual(expectedIds);
    }, 15_000);
    await eventually(async () =>
      expect([...idsOf(await storedDoc(db, pkgName))].sort()).toEqual(expectedIds),
    );
    // The damaged row was skipped (and said so), not taken for an empty document.
    await eventually(() =>
      expect(server.logged('a stored collab update does not apply')).toEqual(
        expect.arrayContaining([expect.objectContaining({ doc: pkgName, rowIndex: 1 })]),
      ),
    );

    // A graceful stop compacts the document: the readable rows become one, the damaged row stays as it was.
    await stopProcesses([server]);
    expect(server.child.exitCode).toBe(0);
    const rows = await db
      .select({ update: schema.collabUpdates.update })
      .from(schema.collabUpdates)
      .where(eq(schema.collabUpdates.docName, pkgName))
      .orderBy(asc(schema.collabUpdates.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => Buffer.from(row.update).equals(damaged))).toHaveLength(1);
    const compacted = await storedDoc(db, pkgName);
    expect([...idsOf(compacted)].sort()).toEqual(expectedIds);
    expect(snapshot(compacted)).toEqual(snapshot(empty.doc));
  });
});
