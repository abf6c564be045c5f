// item 8: every route answers with the security headers (CSP with frame-ancestors,
// nosniff), and no error body carries a stack trace, a file path or an internal message, including a
// real 500. (The item's `npm audit --audit-level=high` is npm-audit.ts, run after this suite.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANTABLE_ROLES } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { MATRIX, type OwnerIds } from './matrix.ts';

let t: TestApp;
let headers: Record<string, string>;

// Ids nobody owns: the calls run through validation, the role checks and the lookups to their errors.
const NOBODY: OwnerIds = {
  publisherId: 2_000_000_001,
  articleId: 99_999_998,
  highlightId: 9_999_998,
  highlightIds: [9_999_997, 9_999_998, 9_999_999],
  embedId: 'zzzzzzzz',
  programId: 2_000_000_002,
  storyId: 2_000_000_003,
  storyPageId: 2_000_000_004,
  videoId: 2_000_000_005,
  suggestionId: 2_000_000_006,
  zipJobId: 'no-such-job',
  consoleJobId: 2_000_000_007,
};

/** What a stack trace or an internal error leaves in a body. */
const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /\.ts:\d+/,
  /\.js:\d+/,
  /node_modules/,
  /\/work\//,
  /ECONNREFUSED/,
  /relation "/,
];

function expectSafe(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  if (response.statusCode >= 400) for (const leak of LEAKS) expect(response.body).not.toMatch(leak);
}

beforeAll(async () => {
  t = await startTestApp();
  const publisher = await buildPublisher(t.ctx.db);
  const user = await buildUser(t.ctx.db, { publisherId: publisher.id, roles: [...GRANTABLE_ROLES] });
  headers = authOf(await login(t.app, user.email, user.password));
});

afterAll(async () => {
  await t?.close();
});

const cells = MATRIX.filter((r) => !r.endsSession).flatMap((route) => [
  { name: `${route.method} ${route.path} anonymous`, route, auth: false },
  { name: `${route.method} ${route.path} with a session`, route, auth: true },
]);

describe('every editor API route', () => {
  it.each(cells)('$name: security headers, no stack trace', async ({ route, auth }) => {
    const { url, payload } = route.request(NOBODY);
    const response = await t.app.inject({
      method: route.method,
      url,
      headers: auth ? headers : {},
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBeLessThan(500);
    expectSafe(response);
  });
});

describe('routes outside the editor API and malformed calls', () => {
  const calls = [
    { method: 'GET', url: '/healthz' },
    { method: 'GET', url: '/no/such/page.php' },
    { method: 'GET', url: '/media/..%2f..%2fetc%2fpasswd' },
    { method: 'GET', url: '/stories/123.html' },
    { method: 'GET', url: '/embed/v1/packages/zzzzzzzz?account=1' },
    { method: 'GET', url: '/files/workbooks/not-a-token' },
    { method: 'GET', url: '/collab/package:abc' },
    { method: 'PUT', url: '/api/ingest/v1/articles/1' },
  ] as const;
  it.each(calls)('$method $url', async ({ method, url }) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBeLessThan(500);
    expectSafe(response);
  });

  it('a body that is not JSON, and one over the size limit: 4xx without internals', async () => {
    for (const payload of ['{"title": ', 'x'.repeat(2 * 1024 * 1024)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/editor/stamp/stories/create',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect([400, 413]).toContain(response.statusCode);
      expectSafe(response);
    }
  });
});

describe('a real server error', () => {
  it('answers 500 with the catalogue message only (the table is gone for a moment)', async () => {
    await t.ctx.db.execute(sql.raw('alter table stories rename to stories_away'));
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/editor/stamp/stories',
        headers,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, errors: [messages.somethingWentWrong] });
      expectSafe(response);
    } finally {
      await t.ctx.db.execute(sql.raw('alter table stories_away rename to stories'));
    }
  });
});
