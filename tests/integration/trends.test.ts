// Trends: daily metric points through the ingest API (idempotent, bounded, scoped to the token's
// publisher), the publisher totals kept beside the package rows, and the chart calls' numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { ingestErrors } from '@hc/shared/api/ingest';
import { METRIC_POINTS_MAX, utcDay, type PackageTrend } from '@hc/shared/api/trends';
import {
  ingestDuplicateMetricPoint,
  ingestTooManyMetricPoints,
  ingestUnknownPackage,
  messages,
} from '@hc/shared/messages';
import { runTokensCommand } from '../../apps/server/src/cli/service-tokens.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlight, buildPackage, buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let pubA: number;
let pubB: number;
let tokenA: string;
let tokenB: string;
let editorA: Record<string, string>;
let editorB: Record<string, string>;
let syndicatorB: Record<string, string>;
let highlightA: number;
let packageA: string;
let packageA2: string;

type Body = Record<string, unknown>;
const ingest = (token: string, payload: Body) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/metrics',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers });
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};
const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;

async function tokenFor(publisherId: number) {
  const lines: string[] = [];
  await runTokensCommand(['create', '--name', 'metrics', '--publisher', String(publisherId)], t.ctx.db, (l) =>
    lines.push(l),
  );
  return /(hcs_\S+)$/.exec(lines.join('\n'))![1]!;
}
const session = async (publisherId: number, roles: Parameters<typeof buildUser>[1]['roles']) => {
  const user = await buildUser(t.ctx.db, { publisherId, roles });
  return authOf(await login(t.app, user.email, user.password));
};

const hPoint = (day: string, n: number, id = 'h-1') => ({
  highlight_external_id: id,
  day,
  front_page_impressions: 1000 * n,
  front_page_clicks: 10 * n,
  article_impressions: 500 * n,
  article_clicks: 20 * n,
});

beforeAll(async () => {
  t = await startTestApp();
  const [group] = await t.ctx.db.insert(schema.publisherGroups).values({ name: 'Trend Group' }).returning();
  pubA = (await buildPublisher(t.ctx.db, { groupId: group!.id })).id;
  pubB = (await buildPublisher(t.ctx.db, { groupId: group!.id })).id;
  tokenA = await tokenFor(pubA);
  tokenB = await tokenFor(pubB);
  highlightA = (await buildHighlight(t.ctx.db, pubA, { externalId: 'h-1' })).id;
  await buildHighlight(t.ctx.db, pubB, { externalId: 'h-b' });
  packageA = (await buildPackage(t.ctx.db, pubA, { highlightIds: [] })).embedId;
  packageA2 = (await buildPackage(t.ctx.db, pubA, { highlightIds: [] })).embedId;
  editorA = await session(pubA, ['editorial_manager']);
  editorB = await session(pubB, ['editorial_manager']);
  syndicatorB = await session(pubB, ['syndication_publisher']);
});

afterAll(async () => {
  await t?.close();
});

describe('ingest of daily metric points', () => {
  it('writes a day once: a repeat changes nothing, a new figure rewrites only its day', async () => {
    const body = { highlights: [hPoint(utcDay(-2), 1), hPoint(utcDay(-1), 2)] };
    expect(dataOf(await ingest(tokenA, body))).toEqual({
      highlights: { points: 2, created: 2, changed: 2 },
      packages: { points: 0, created: 0, changed: 0 },
    });
    expect(dataOf(await ingest(tokenA, body))).toMatchObject({
      highlights: { points: 2, created: 0, changed: 0 },
    });
    const next = { highlights: [hPoint(utcDay(-2), 1), hPoint(utcDay(-1), 3)] };
    expect(dataOf(await ingest(tokenA, next))).toMatchObject({
      highlights: { points: 2, created: 0, changed: 1 },
    });
    const rows = await t.ctx.db
      .select()
      .from(schema.highlightMetricsDaily)
      .where(eq(schema.highlightMetricsDaily.highlightId, highlightA));
    expect(rows.map((r) => [r.day, r.frontPageClicks, r.publisherId]).sort()).toEqual([
      [utcDay(-2), 10, pubA],
      [utcDay(-1), 30, pubA],
    ]);
  });

  it("keeps the publisher's daily package totals equal to the sum of its package rows", async () => {
    const day = utcDay(-3);
    const point = (id: string, impressions: number, clicks: number, iab: number | null) => ({
      package_id: id,
      day,
      impressions,
      clicks,
      iab_impressions: iab,
    });
    dataOf(
      await ingest(tokenA, { packages: [point(packageA, 1000, 50, 600), point(packageA2, 400, 8, null)] }),
    );
    // Rewriting one package's day moves the total by the difference; a repeat moves nothing.
    const rewrite = { packages: [point(packageA, 900, 45, null), point(packageA2, 400, 8, 300)] };
    expect(dataOf(await ingest(tokenA, rewrite))).toMatchObject({
      packages: { points: 2, created: 0, changed: 2 },
    });
    dataOf(await ingest(tokenA, rewrite));
    const [total] = await t.ctx.db
      .select()
      .from(schema.publisherPackageMetricsDaily)
      .where(eq(schema.publisherPackageMetricsDaily.publisherId, pubA));
    expect(total).toMatchObject({
      day,
      impressions: 1300,
      clicks: 53,
      iabImpressions: 300,
      iabClicks: 8,
      iabPoints: 1,
    });
  });

  it('refuses out-of-bounds bodies with 400 and says why, writing nothing', async () => {
    const tooMany = Array.from({ length: METRIC_POINTS_MAX + 1 }, (_, i) =>
      hPoint(utcDay(-(i % 700)), 1, `h-${i}`),
    );
    const refused = [
      [{ highlights: tooMany }, null],
      [
        {
          highlights: tooMany.slice(0, 1000),
          packages: tooMany
            .slice(0, 1001)
            .map((_, i) => ({ package_id: packageA, day: utcDay(-i), impressions: 1, clicks: 0 })),
        },
        ingestTooManyMetricPoints(METRIC_POINTS_MAX),
      ],
      [{ highlights: [hPoint(utcDay(2), 1)] }, messages.metricDayInFuture],
      [{ highlights: [hPoint('2026-02-30', 1)] }, messages.calendarDateInvalid],
      [{ highlights: [{ ...hPoint(utcDay(-1), 1), front_page_clicks: -1 }] }, null],
      [{ highlights: [{ ...hPoint(utcDay(-1), 1), article_clicks: 1.5 }] }, null],
      [
        { highlights: [hPoint(utcDay(-1), 1), hPoint(utcDay(-1), 2)] },
        ingestDuplicateMetricPoint('h-1', utcDay(-1)),
      ],
      [{ packages: [{ package_id: 'not a package id', day: utcDay(-1), impressions: 1, clicks: 0 }] }, null],
    ] as const;
    for (const [body, message] of refused) {
      const response = await ingest(tokenA, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      if (message) expect(errorsOf(response).join('\n')).toContain(message);
    }
    // Tomorrow is allowed: a pipeline in a zone ahead of UTC is already there.
    dataOf(await ingest(tokenA, { highlights: [hPoint(utcDay(1), 1)] }));
  });

  it("is scoped to the token's publisher: another publisher's highlight or package is unknown (422)", async () => {
    const highlight = await ingest(tokenB, { highlights: [hPoint(utcDay(-1), 9)] });
    expect(highlight.statusCode).toBe(422);
    expect(errorsOf(highlight)).toEqual([ingestErrors.unknownHighlight('h-1')]);
    const pkg = await ingest(tokenB, {
      highlights: [hPoint(utcDay(-1), 9, 'h-b')],
      packages: [{ package_id: packageA, day: utcDay(-1), impressions: 5, clicks: 1 }],
    });
    expect(pkg.statusCode).toBe(422);
    expect(errorsOf(pkg)).toEqual([ingestUnknownPackage(packageA)]);
    // All or none: B's own highlight point of the refused request was not written either.
    const rows = await t.ctx.db
      .select()
      .from(schema.highlightMetricsDaily)
      .where(eq(schema.highlightMetricsDaily.publisherId, pubB));
    expect(rows).toEqual([]);
  });
});

describe('the chart calls', () => {
  it("answers every day of a highlight's window, with null on days without a point", async () => {
    const trend = dataOf<{ from: string; to: string; days: number; points: Record<string, unknown>[] }>(
      await get(`trends/highlights/${highlightA}?days=7`, editorA),
    );
    expect(trend).toMatchObject({ from: utcDay(-6), to: utcDay(), days: 7 });
    expect(trend.points.map((p) => p.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map((d) => utcDay(d)));
    expect(trend.points[4]).toEqual({
      day: utcDay(-2),
      front_page_impressions: 1000,
      front_page_clicks: 10,
      article_impressions: 500,
      article_clicks: 20,
    });
    expect(trend.points[5]).toMatchObject({ front_page_impressions: 3000, article_clicks: 60 });
    expect(trend.points[0]).toMatchObject({ front_page_impressions: null, front_page_clicks: null });
    // Tomorrow's point is outside a window that ends today.
    expect(trend.points).toHaveLength(7);
    const ninety = dataOf<{ points: unknown[] }>(
      await get(`trends/highlights/${highlightA}?days=90`, editorA),
    );
    expect(ninety.points).toHaveLength(90);
  });

  it("answers a package's days and the syndicated totals of the group's other publishers", async () => {
    const pkg = dataOf<PackageTrend>(await get(`trends/packages/${packageA}?days=7`, editorA));
    expect(pkg.points.find((p) => p.day === utcDay(-3))).toEqual({
      day: utcDay(-3),
      impressions: 900,
      clicks: 45,
      iab_impressions: null,
      iab_clicks: null,
    });
    // B's syndication screen sums A's packages (A is B's peer); A's own screen has no peer with figures.
    const synd = dataOf<PackageTrend>(await get('trends/syndication?days=30', syndicatorB));
    expect(synd.points).toHaveLength(30);
    expect(synd.points.find((p) => p.day === utcDay(-3))).toEqual({
      day: utcDay(-3),
      impressions: 1300,
      clicks: 53,
      iab_impressions: 300,
      iab_clicks: 8,
    });
  });

  it("is scoped to the caller's publisher and role, and bounds its window", async () => {
    expect((await get(`trends/highlights/${highlightA}?days=7`, editorB)).statusCode).toBe(404);
    expect((await get(`trends/packages/${packageA}?days=7`, editorB)).statusCode).toBe(404);
    expect((await get('trends/syndication?days=7', editorB)).statusCode).toBe(403);
    const bad = await get(`trends/highlights/${highlightA}?days=365`, editorA);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).join()).toContain(messages.metricWindowInvalid);
    expect((await get('trends/highlights/abc?days=7', editorA)).statusCode).toBe(400);
  });
});
