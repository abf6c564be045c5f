// item 1: the authorization matrix. Every editor API route (matrix.ts) is called by an
// anonymous caller and by a user of publisher B for each of the seven grantable roles, with publisher
// A's ids and with role/publisher fields planted in the body. Each answers 401 (anonymous), 403 (role
// missing) or 403/404 (A's id), never with A's data, and A's rows are the same afterwards.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANTABLE_ROLES, type Role } from '@hc/shared/constants';
import { startTestApp, login, authOf, type TestApp } from '../support/app.ts';
import {
  buildArticle,
  buildHighlight,
  buildPackage,
  buildProgram,
  buildProgramHighlight,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';
import { MATRIX, OUTSIDE_MATRIX, type MatrixRoute, type OwnerIds } from './matrix.ts';

/** Every text of A's rows carries it: finding it in an answer to B is a leak. */
const SECRET = `ASECRET${randomBytes(4).toString('hex')}`;

/** A's rows, read one query per table (children through their parent's publisher). */
const OWNED_TABLES = [
  ['publishers', 'id = $A'],
  ['articles', 'publisher_id = $A'],
  ['highlights', 'publisher_id = $A'],
  ['packages', 'publisher_id = $A'],
  ['package_highlights', 'package_id in (select embed_id from packages where publisher_id = $A)'],
  ['programs', 'publisher_id = $A'],
  ['program_highlights', 'program_id in (select id from programs where publisher_id = $A)'],
  ['stories', 'publisher_id = $A'],
  ['story_pages', 'story_id in (select id from stories where publisher_id = $A)'],
  ['vertical_tasks', 'publisher_id = $A'],
  ['vertical_suggestions', 'video_id in (select video_id from vertical_tasks where publisher_id = $A)'],
  ['user_publisher_roles', 'publisher_id = $A'],
  ['audit_log', 'publisher_id = $A'],
] as const;

type Caller = { name: string; role: Role | null };
const CALLERS: Caller[] = [
  { name: 'anonymous', role: null },
  ...GRANTABLE_ROLES.map((role) => ({ name: role, role })),
];

let t: TestApp;
let a: OwnerIds;
const registered: { method: string; url: string }[] = [];
let ownerHeaders: Record<string, string>;
const sessions = new Map<Role, { email: string; password: string; headers: Record<string, string> }>();

async function snapshotA(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, where] of OWNED_TABLES) {
    // Db is typed over both drivers (node-postgres and PGlite), so execute's result is unknown here;
    // both answer { rows }.
    const result = (await t.ctx.db.execute(
      sql.raw(`select * from ${table} where ${where.replaceAll('$A', String(a.publisherId))} order by 1`),
    )) as { rows: unknown[] };
    out[table] = result.rows;
  }
  return out;
}

/** Role and publisher fields a client might plant to lift itself: the server must ignore them. */
const planted = (ids: OwnerIds) => ({
  publisher_id: ids.publisherId,
  publisherId: ids.publisherId,
  role: 'admin',
  roles: ['admin'],
  is_admin: true,
  isAdmin: true,
});

async function setIdentifier(userId: number, identifier: number) {
  await t.database.handle.db
    .update(schema.users)
    .set({ userIdentifier: String(identifier) })
    .where(eq(schema.users.id, userId));
}

beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      jobsPrefix: `hc-sec-${randomBytes(4).toString('hex')}`,
      onRoute: (r) => {
        for (const method of [r.method].flat()) registered.push({ method, url: r.url });
      },
    },
  );
  const db = t.database.handle.db;
  const pubA = await buildPublisher(db, { name: `${SECRET} publisher A` });
  const pubB = await buildPublisher(db, { name: 'Publisher B' });
  const article = await buildArticle(db, pubA.id, { title: `${SECRET} article` });
  const highlight = await buildHighlight(db, pubA.id, {
    articleId: article.id,
    title: `${SECRET} highlight`,
  });
  const more = [
    await buildHighlight(db, pubA.id, { articleId: article.id, title: `${SECRET} highlight 2` }),
    await buildHighlight(db, pubA.id, { articleId: article.id, title: `${SECRET} highlight 3` }),
  ];
  const highlightIds = [highlight.id, ...more.map((h) => h.id)];
  const pkg = await buildPackage(db, pubA.id, {
    highlightIds,
    titles: highlightIds.map((id) => `${SECRET} package title ${id}`),
    name: `${SECRET} package`,
  });
  const program = await buildProgram(db, pubA.id, { programName: `${SECRET} program` });
  await buildProgramHighlight(db, program.id);
  const story = await buildStory(db, pubA.id, { title: `${SECRET} story` });
  const page = await buildStoryPage(db, story.id, { title: `${SECRET} page` });
  const task = await buildVerticalTask(db, { publisherId: pubA.id, title: `${SECRET} task` });
  await buildVerticalTask(db, { publisherId: pubA.id, title: `${SECRET} ready task`, status: 'ready' });

  // A's own zip job, queued by A's user the way the editor does it.
  // A 406xx identifier opens the zip calls; B's users get one too, so B meets the id check.
  let identifier = 40600;
  const ownerA = await buildUser(db, { publisherId: pubA.id, roles: [...GRANTABLE_ROLES] });
  await setIdentifier(ownerA.id, identifier++);
  const sessionA = await login(t.app, ownerA.email, ownerA.password);
  ownerHeaders = authOf(sessionA);
  const zip = await t.app.inject({
    method: 'POST',
    url: `/api/v1/editor/stamp/stories/${story.id}/highlights_zip`,
    headers: authOf(sessionA),
  });
  expect(zip.statusCode, zip.body).toBe(202);

  a = {
    publisherId: pubA.id,
    articleId: article.id,
    highlightId: highlight.id,
    highlightIds,
    embedId: pkg.embedId,
    programId: program.id,
    storyId: story.id,
    storyPageId: page.id,
    videoId: task.videoId,
    suggestionId: task.suggestionIds[0]!,
    zipJobId: (zip.json() as { data: { job_id: string } }).data.job_id,
    consoleJobId: (await db.select({ id: schema.consoleJobs.id }).from(schema.consoleJobs))[0]!.id,
  };
  for (const role of GRANTABLE_ROLES) {
    const user = await buildUser(db, { publisherId: pubB.id, roles: [role] });
    await setIdentifier(user.id, identifier++);
    const s = await login(t.app, user.email, user.password);
    sessions.set(role, { email: user.email, password: user.password, headers: authOf(s) });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const isApiRoute = (url: string) =>
  url.startsWith('/api/v1/editor') || url.startsWith('/api/v2/dashboard') || url.startsWith('/api/v1/auth');

describe('the matrix lists every route', () => {
  it('every editor API route of the app is a matrix row, and every row is a route', () => {
    const routes = registered.filter((r) => r.method !== 'HEAD');
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const listed = new Set(MATRIX.map((r) => `${r.method} ${r.path}`));
    const missing = routes.filter((r) => isApiRoute(r.url) && !listed.has(key(r))).map(key);
    expect(missing, 'add these routes to tests/security/matrix.ts').toEqual([]);
    const gone = [...listed].filter((k) => !routes.some((r) => key(r) === k));
    expect(gone, 'matrix rows without a route').toEqual([]);
    const unexplained = routes
      .filter((r) => !isApiRoute(r.url))
      .filter((r) => !OUTSIDE_MATRIX.some((o) => r.url.startsWith(o.prefix)))
      .map(key);
    expect(unexplained, 'routes neither in the matrix nor in OUTSIDE_MATRIX').toEqual([]);
  });
});

function allowed(route: MatrixRoute, role: Role | null): boolean {
  if (route.access === 'open') return true;
  if (role === null) return false;
  if (route.access === 'session') return true;
  if (route.access === 'admin') return false;
  return route.access.includes(role);
}

async function headersFor(route: MatrixRoute, role: Role | null): Promise<Record<string, string>> {
  if (role === null) return {};
  const session = sessions.get(role)!;
  // Logout ends the caller's session: it gets a session of its own, so the other cells keep theirs.
  if (route.endsSession) return authOf(await login(t.app, session.email, session.password));
  return session.headers;
}

describe.each(MATRIX.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  let before: Record<string, unknown[]>;
  beforeAll(async () => {
    before = await snapshotA();
  });

  it.each(CALLERS)('as $name of publisher B with A ids: refused, no A data', async ({ role }) => {
    const { url, payload } = route.request(a);
    const response = await t.app.inject({
      method: route.method,
      url,
      headers: await headersFor(route, role),
      ...(payload || route.method !== 'GET' ? { payload: { ...payload, ...planted(a) } } : {}),
    });
    const status = response.statusCode;
    console.log(`CELL ${route.method} ${route.path} ${role} ${status} ${response.body.slice(0, 160)}`);
    if (route.answers) expect(route.answers, response.body).toContain(status);
    else if (route.access !== 'open' && role === null) expect(status, response.body).toBe(401);
    else if (!allowed(route, role)) expect(status, response.body).toBe(403);
    else if (route.takes !== 'none') expect([403, 404], response.body).toContain(status);
    else {
      // Allowed on its own publisher: answered (a list of B's rows, B's new row, or a 4xx about input).
      expect(status, response.body).toBeLessThan(500);
      expect([401, 403], response.body).not.toContain(status);
    }
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain(a.embedId);
    expect(response.body).not.toContain(a.zipJobId);
    // Whatever was planted in the body, B's session stays B's.
    const token = response.headers['x-user-token'];
    expect(token).toBeUndefined();
  });

  it("leaves A's rows unchanged", async () => {
    expect(await snapshotA()).toEqual(before);
  });
});

// The control: the same calls as A's own user do reach A's data, so the refusals above are about the
// caller and the leak check would see a leak.
describe("A's own user", () => {
  const reads = [
    'GET /api/v1/editor/packages/:id',
    'GET /api/v1/editor/stamp/stories/:id',
    'GET /api/v1/editor/stamp/stories/page/:id',
    'GET /api/v2/dashboard/program/:id',
    'GET /api/v1/editor/highlights/index',
    'GET /api/v1/editor/highlights/auto_highlights',
    'GET /api/v1/editor/publishers',
  ];
  it.each(reads)('%s answers 200 with A data', async (name) => {
    const route = MATRIX.find((r) => `${r.method} ${r.path}` === name)!;
    const response = await t.app.inject({
      method: route.method,
      url: route.request(a).url,
      headers: ownerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(SECRET);
  });
});
