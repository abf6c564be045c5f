// The route fuzzer: every route the app registers (its own route table, so a new route is fuzzed without
// anyone listing it), called by every kind of caller of publisher B (anonymous, each role, all roles, no
// role, an administrator) with inputs drawn from the route's zod schemas and hostile mutations of them.
// Every answer: never a 5xx, the JSON envelope wherever the answer is JSON, never publisher A's data
// (administrators may see every publisher), and within a time bound. Seeded: FUZZ_SEED replays a run,
// FUZZ_CASES sets the cases per route. A failing case prints the exact request.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANTABLE_ROLES, type Role } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import {
  buildArticle,
  buildHighlight,
  buildPackage,
  buildProgram,
  buildPublisher,
  buildUser,
  TEST_PASSWORD,
} from '../support/factories.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';
import {
  fuzzValue,
  HOSTILE_STRINGS,
  jsonSchemaOf,
  queryString,
  safeEncode,
  type JsonSchema,
} from './fuzz-inputs.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 40);
/** Generous: a loaded 2-core CI machine; a route that hangs or burns seconds on one input fails it. */
const ANSWER_BOUND_MS = 10_000;
const SECRET = `FUZZSECRET${randomBytes(4).toString('hex')}`;

/** Routes a fuzzer cannot call meaningfully, each with its reason. */
const NOT_FUZZED: readonly { prefix: string; why: string }[] = [
  { prefix: '/collab/', why: 'a WebSocket upgrade (collab-limits.test.ts fuzzes its messages)' },
  { prefix: '/admin/queues', why: 'bull-board, a third-party UI behind its own admin cookie' },
  { prefix: '*', why: 'the web app (static files and the SPA fallback)' },
];

interface Registered {
  method: string;
  url: string;
  schema: { params?: JsonSchema | null; querystring?: JsonSchema | null; body?: JsonSchema | null };
}

interface Caller {
  name: string;
  role: Role | 'all' | 'none' | 'admin' | null;
  headers: Record<string, string>;
  /** An administrator sees every publisher: A's data is no leak in its answers. */
  seesEveryone: boolean;
}

let t: TestApp;
const registered: Registered[] = [];
const callers: Caller[] = [];
let publisherB: number;
/** Path parameter values: B's own ids (so deeper code runs) and hostile ones. */
let idPool: string[];
const perRoute = new Map<string, Record<string, number>>();

async function newCaller(role: Caller['role']): Promise<Caller> {
  if (role === null) return { name: 'anonymous', role, headers: {}, seesEveryone: false };
  const user = await buildUser(t.ctx.db, {
    publisherId: publisherB,
    roles: role === 'all' ? [...GRANTABLE_ROLES] : role === 'none' || role === 'admin' ? [] : [role],
    isAdmin: role === 'admin',
  });
  const headers = authOf(await login(t.app, user.email, TEST_PASSWORD));
  return { name: String(role), role, headers, seesEveryone: role === 'admin' };
}

beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      jobsPrefix: `hc-fuzz-${randomBytes(4).toString('hex')}`,
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        for (const method of [route.method].flat()) {
          registered.push({
            method,
            url: route.url,
            schema: {
              params: jsonSchemaOf(schema.params),
              querystring: jsonSchemaOf(schema.querystring),
              body: jsonSchemaOf(schema.body),
            },
          });
        }
      },
    },
  );
  const db = t.ctx.db;
  // Publisher A: every text carries the secret; no answer to B may contain it.
  const a = await buildPublisher(db, { name: `${SECRET} publisher` });
  const aArticle = await buildArticle(db, a.id, { title: `${SECRET} article` });
  const aHighlights = await Promise.all(
    [1, 2, 3].map((n) => buildHighlight(db, a.id, { articleId: aArticle.id, title: `${SECRET} h${n}` })),
  );
  await buildPackage(db, a.id, { highlightIds: aHighlights.map((h) => h.id), name: `${SECRET} package` });
  const aStory = await buildStory(db, a.id, { title: `${SECRET} story` });
  await buildStoryPage(db, aStory.id, { title: `${SECRET} page` });
  await buildProgram(db, a.id, { programName: `${SECRET} program` });
  await buildVerticalTask(db, { publisherId: a.id, title: `${SECRET} task` });

  const b = await buildPublisher(db, { name: 'Publisher B' });
  publisherB = b.id;
  const article = await buildArticle(db, b.id, { title: 'B article' });
  const highlights = await Promise.all(
    [1, 2, 3].map((n) => buildHighlight(db, b.id, { articleId: article.id, title: `B h${n}` })),
  );
  const pkg = await buildPackage(db, b.id, { highlightIds: highlights.map((h) => h.id), name: 'B package' });
  const story = await buildStory(db, b.id, { title: 'B story' });
  const page = await buildStoryPage(db, story.id, { title: 'B page' });
  const program = await buildProgram(db, b.id, { programName: 'B program' });
  const task = await buildVerticalTask(db, { publisherId: b.id, title: 'B task' });
  idPool = [
    ...[b.id, article.id, highlights[0]!.id, story.id, page.id, program.id, task.videoId].map(String),
    pkg.embedId,
    '0',
    '-1',
    '99999999999999999999',
    'abc',
    encodeURIComponent('\u0000'),
    '%ED%A0%80',
    'x'.repeat(2_000),
  ];
  for (const role of [null, ...GRANTABLE_ROLES, 'all', 'none', 'admin'] as const) {
    callers.push(await newCaller(role));
  }
}, 180_000);

afterAll(async () => {
  if (t) {
    const lines = [...perRoute].map(([route, statuses]) => `${route}: ${JSON.stringify(statuses)}`);
    console.log(`fuzz seed ${SEED}, ${CASES_PER_ROUTE} cases per route:\n${lines.join('\n')}`);
  }
  await t?.close();
});

const isFuzzed = (route: Registered) =>
  route.method !== 'HEAD' && !NOT_FUZZED.some((skip) => route.url.startsWith(skip.prefix));

/** A route's cases: one request each, drawn from its schemas with the seed. */
function casesOf(route: Registered, routeIndex: number) {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramValue = (name: string): fc.Arbitrary<string> => {
    const schema = route.schema.params?.properties?.[name];
    const pool = fc.constantFrom(...idPool);
    return schema
      ? fc.oneof(
          pool,
          fuzzValue(schema).map((v) => safeEncode(String(v).slice(0, 2_000))),
        )
      : pool;
  };
  const arbitrary = fc.record({
    caller: fc.nat({ max: callers.length - 1 }),
    params: fc.tuple(...params.map(paramValue)),
    query: route.schema.querystring ? fuzzValue(route.schema.querystring) : fc.constant(undefined),
    body: route.schema.body ? fuzzValue(route.schema.body) : fc.option(fc.constantFrom(...HOSTILE_STRINGS)),
    duplicate: fc.boolean(),
    rawBody: fc.boolean(),
  });
  return fc.sample(arbitrary, { seed: SEED + routeIndex, numRuns: CASES_PER_ROUTE });
}

const fuzzed = () => registered.filter(isFuzzed);

describe('the route fuzzer', () => {
  it('fuzzes every route the app registers', () => {
    expect(fuzzed().length).toBeGreaterThan(60);
  });

  it('answers 400 in the envelope to values past what the router or the database holds', async () => {
    const admin = callers.find((c) => c.role === 'admin')!;
    const cases = [
      ['/api/v1/editor/highlights/audit_download_story?story_id=2147483648', messages.numberOutOfRange],
      [`/api/v1/editor/packages/${'x'.repeat(101)}`, messages.pathPartTooLong],
      ['/api/v1/editor/packages/%ED%A0%80', messages.pathNotText],
    ] as const;
    for (const [url, message] of cases) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, errors: [message] });
    }
  });

  // One test: the route table exists only once the app is built (beforeAll), after collection.
  it('never answers 5xx, always in the envelope, never with another publisher’s data, within the bound', async () => {
    const failures: string[] = [];
    for (const [index, route] of fuzzed().entries()) {
      const statuses: Record<string, number> = {};
      for (const c of casesOf(route, index)) {
        const caller = callers[c.caller]!;
        let path = route.url;
        c.params.forEach((value, i) => {
          path = path.replace(/:\w+/, value);
          void i;
        });
        const query = c.query === undefined ? '' : queryString(c.query, c.duplicate);
        const url = query ? `${path}?${query}` : path;
        const sendsBody = route.method !== 'GET' && route.method !== 'DELETE' && c.body !== null;
        const payload = sendsBody
          ? c.rawBody && typeof c.body === 'string'
            ? c.body
            : JSON.stringify(c.body ?? null)
          : undefined;
        const request = {
          method: route.method as 'GET',
          url,
          headers: {
            ...caller.headers,
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        };
        const started = performance.now();
        const response = await t.app.inject(request);
        const took = performance.now() - started;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const problems: string[] = [];
        if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
        if (took > ANSWER_BOUND_MS) problems.push(`took ${Math.round(took)} ms`);
        const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
        const isApi = route.url.startsWith('/api/v1/') || route.url.startsWith('/api/v2/');
        if (isJson && isApi) {
          try {
            const body = response.json() as { success?: unknown; errors?: unknown };
            if (typeof body.success !== 'boolean') problems.push('no envelope');
            else if (!body.success && !(Array.isArray(body.errors) && body.errors.length > 0)) {
              problems.push('a failure without errors');
            }
          } catch {
            problems.push('JSON that does not parse');
          }
        }
        if (!caller.seesEveryone && response.body.includes(SECRET)) problems.push('answered with A’s data');
        if (problems.length > 0) {
          failures.push(
            `${problems.join(', ')}: ${caller.name} ${route.method} ${url.slice(0, 300)}` +
              `${payload !== undefined ? ` body ${payload.slice(0, 300)}` : ''}\n  → ${response.body.slice(0, 200)}`,
          );
        }
        // A call that may have ended or changed the caller's session (logout, set_publisher, a
        // password): the next cases get a new user with the same role.
        if (route.url.includes('/auth/') && response.statusCode < 400) {
          callers[c.caller] = await newCaller(caller.role);
        }
      }
      perRoute.set(`${route.method} ${route.url}`, statuses);
    }
    expect(failures, `seed ${SEED}: replay with FUZZ_SEED=${SEED}`).toEqual([]);
    // Each answer has its own bound (ANSWER_BOUND_MS); the whole walk of every route grows with the
    // route table and took most of the project's 30 s default on a loaded machine.
  }, 120_000);
});
