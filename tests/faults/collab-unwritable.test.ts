// item 5: the Yjs table made unwritable (a BEFORE INSERT trigger that raises: the tests
// connect as a superuser, so a REVOKE would not bind) while three editors co-edit a package document.
// What the product does: an update is shared at once and stored right behind; while the table
// refuses it, the server logs the error, keeps the document with every unstored update in memory (no
// socket is closed, the editors go on co-editing) and tries again, waiting longer each time. Once the table
// takes rows again, the next attempt stores everything: a fresh editor after a SIGKILL and a new process
// sees every edit.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabDocName } from '@hc/shared/api/collab';
import {
  collabServerEnv,
  loginAt,
  openEditor,
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

let database: TestDatabase;
let server: ServerProcess;
/** Started with the first, so the restart does not wait seconds for a process start. */
let replacement: Promise<ServerProcess>;
const started: ServerProcess[] = [];
let proxy: FailoverProxy;
let publisherId: number;
let sessions: Session[];
const editors: Editor[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const env = await collabServerEnv(database.url);
  const start = (name: string) => {
    const starting = startServerProcess(name, env);
    void starting.then((process) => started.push(process)).catch(() => undefined);
    return starting;
  };
  const first = start('server 1');
  replacement = start('server 2');
  replacement.catch(() => undefined);
  const db = database.handle.db;
  publisherId = (await buildPublisher(db)).id;
  const users = await Promise.all(
    [0, 1, 2, 3].map(() => buildUser(db, { publisherId, roles: ['editorial_manager'] })),
  );
  server = await first;
  proxy = await startFailoverProxy(() => [server.port]);
  sessions = [];
  for (const user of users) sessions.push(await loginAt(proxy.url, user.email));
});

afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

afterAll(async () => {
  await proxy?.close();
  await Promise.allSettled([replacement]);
  await stopProcesses(started);
  await database?.drop();
});

/** package:{embed id}: `highlights` is a Y.Array of Y.Map {id, title}; editor `who` adds ids who*1000+n. */
const highlightsOf = (doc: Y.Doc) => doc.getArray<Y.Map<unknown>>('highlights');
const idsOf = (doc: Y.Doc) => highlightsOf(doc).map((entry) => entry.get('id') as number);
const sortedIds = (doc: Y.Doc) => [...idsOf(doc)].sort((a, b) => a - b);
function addHighlight(doc: Y.Doc, who: number, n: number) {
  const entry = new Y.Map<unknown>();
  entry.set('id', who * 1_000 + n);
  entry.set('title', `highlight ${who}-${n}`);
  highlightsOf(doc).push([entry]);
}
const idsBy = (who: number, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => who * 1_000 + from + i);

async function openDocuments(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`);
  const line = (await response.text()).split('\n').find((l) => l.startsWith('hc_collab_documents '));
  return Number(line?.split(' ')[1]);
}

describe('the Yjs table unwritable', () => {
  it('shares every edit, keeps the unstored ones in memory, logs the error, and stores everything once writable', async () => {
    const db = database.handle.db;
    const docName = collabDocName.package(
      (await buildPackage(db, publisherId, { highlightIds: [] })).embedId,
    );
    const team = [0, 1, 2].map((who) => openEditor(proxy.url, sessions[who]!, docName));
    editors.push(...team);
    await eventually(() => expect(team.every((e) => e.provider.synced)).toBe(true), 15_000);
    // Stored and shared while the table takes rows.
    for (const [who, editor] of team.entries())
      for (let n = 0; n < 3; n += 1) addHighlight(editor.doc, who, n);
    const before = [0, 1, 2].flatMap((who) => idsBy(who, 0, 3));
    await eventually(() => {
      for (const editor of team) expect(sortedIds(editor.doc)).toEqual(before);
    }, 10_000);

    await db.execute(
      sql.raw(`create function refuse_collab_insert() returns trigger language plpgsql as $$
        begin raise exception 'collab_updates is not writable (fault injection)'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_collab_insert before insert on collab_updates
        for each row execute function refuse_collab_insert()`),
    );
    const during = [0, 1, 2].flatMap((who) => idsBy(who, 3, 6));
    const all = [...before, ...during].sort((a, b) => a - b);
    try {
      for (const [who, editor] of team.entries())
        for (let n = 3; n < 6; n += 1) addHighlight(editor.doc, who, n);
      // Shared all the same, and the error is logged by the process.
      await eventually(() => {
        for (const editor of team) expect(sortedIds(editor.doc)).toEqual(all);
        expect(server.logged('collab update could not be stored')).toEqual(
          expect.arrayContaining([expect.objectContaining({ doc: docName })]),
        );
      }, 10_000);
      // A few rounds of retries failing (250, 500, 1000 ms).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(server.logged('collab update could not be stored').length).toBeGreaterThan(2);
      // Nothing crashed: the process runs, answers readiness, and holds the document open in memory; no
      // editor was disconnected.
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await openDocuments(server.url)).toBe(1);
      for (const editor of team) expect(editor.closeCodes).toEqual([]);
      expect(sortedIds(await storedDoc(db, docName))).toEqual(before);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_collab_insert on collab_updates'));
      await db.execute(sql.raw('drop function refuse_collab_insert'));
    }

    // Writable again: the next attempt stores everything, with no editor sending anything again.
    await eventually(async () => {
      expect(sortedIds(await storedDoc(db, docName))).toEqual(all);
    }, 15_000);
    for (const editor of team) expect(editor.closeCodes).toEqual([]);

    // Stored, not just held in memory: a SIGKILL, a new process, and a fresh editor sees every edit.
    for (const editor of editors.splice(0)) editor.destroy();
    await killHard(server);
    server = await replacement;
    const fresh = openEditor(proxy.url, sessions[3]!, docName);
    editors.push(fresh);
    await eventually(() => expect(fresh.provider.synced).toBe(true), 15_000);
    expect(sortedIds(fresh.doc)).toEqual(all);
    const ids = idsOf(fresh.doc);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
