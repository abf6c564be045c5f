// The daily metric rollups: the ingest API's writes (a day's figures replace the day's row, so a repeat
// writes nothing) and the trend charts' reads (a run of days of one highlight, one package, or the
// package totals of a few publishers).
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type {
  HighlightMetricPoint,
  HighlightTrendDay,
  IngestMetricsResult,
  PackageMetricPoint,
  PackageTrendDay,
} from '@hc/shared/api/trends';
import { windowDays } from '@hc/shared/api/trends';
import { ingestErrors } from '@hc/shared/api/ingest';
import { ingestUnknownPackage } from '@hc/shared/messages';
import { HttpError } from '../../plugins/errors.ts';

const { highlights, packages, highlightMetricsDaily, packageMetricsDaily, publisherPackageMetricsDaily } =
  schema;

/**
 * The advisory lock (first key) under which one publisher's package points and its daily totals are
 * written: the totals add the difference between a day's old and new figures, which is only right
 * when no other request rewrites the same days in between.
 */
const PACKAGE_TOTALS_LOCK = 0x74_72_6e_64; // 'trnd'

const byKey =
  <T extends { day: string }>(id: (p: T) => string | number) =>
  (a: T, b: T) => {
    const [x, y] = [String(id(a)), String(id(b))];
    return x < y ? -1 : x > y ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
  };

type PointsResult = IngestMetricsResult['highlights'];

/** The contribution of one package day to its publisher's daily totals. */
interface TotalsShare {
  impressions: number;
  clicks: number;
  iabImpressions: number;
  iabClicks: number;
  iabPoints: number;
}
const shareOf = (p: { impressions: number; clicks: number; iabImpressions: number | null }): TotalsShare => ({
  impressions: p.impressions,
  clicks: p.clicks,
  iabImpressions: p.iabImpressions ?? 0,
  iabClicks: p.iabImpressions === null ? 0 : p.clicks,
  iabPoints: p.iabImpressions === null ? 0 : 1,
});

export class TrendRepository {
  constructor(private readonly db: Db) {}

  /** Writes a publisher's highlight points in the caller's transaction; 422 for unknown highlights. */
  async writeHighlightPoints(publisherId: number, points: HighlightMetricPoint[]): Promise<PointsResult> {
    if (points.length === 0) return { points: 0, created: 0, changed: 0 };
    const externalIds = [...new Set(points.map((p) => p.highlight_external_id))];
    const found = await this.db
      .select({ id: highlights.id, externalId: highlights.externalId })
      .from(highlights)
      .where(and(eq(highlights.publisherId, publisherId), inArray(highlights.externalId, externalIds)));
    const idOf = new Map(found.map((h) => [h.externalId!, h.id]));
    const unknown = externalIds.filter((id) => !idOf.has(id));
    if (unknown.length > 0) throw new HttpError(422, unknown.map(ingestErrors.unknownHighlight));

    // Rows are written in key order, so two requests naming the same days wait instead of deadlocking.
    const rows = points
      .map((p) => ({
        highlightId: idOf.get(p.highlight_external_id)!,
        day: p.day,
        publisherId,
        frontPageImpressions: p.front_page_impressions,
        frontPageClicks: p.front_page_clicks,
        articleImpressions: p.article_impressions,
        articleClicks: p.article_clicks,
      }))
      .sort(byKey((r) => String(r.highlightId).padStart(20, '0')));
    const t = highlightMetricsDaily;
    const written = await this.db
      .insert(t)
      .values(rows)
      .onConflictDoUpdate({
        target: [t.highlightId, t.day],
        set: {
          frontPageImpressions: sql`excluded.front_page_impressions`,
          frontPageClicks: sql`excluded.front_page_clicks`,
          articleImpressions: sql`excluded.article_impressions`,
          articleClicks: sql`excluded.article_clicks`,
        },
        setWhere: sql`(${t.frontPageImpressions}, ${t.frontPageClicks}, ${t.articleImpressions}, ${t.articleClicks})
          is distinct from (excluded.front_page_impressions, excluded.front_page_clicks,
                            excluded.article_impressions, excluded.article_clicks)`,
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ created: sql<boolean>`(xmax = 0)` });
    return {
      points: points.length,
      created: written.filter((w) => w.created).length,
      changed: written.length,
    };
  }

  /**
   * Writes a publisher's package points and moves its daily totals by the difference, in the caller's
   * transaction; 422 for package ids the publisher does not have.
   */
  async writePackagePoints(publisherId: number, points: PackageMetricPoint[]): Promise<PointsResult> {
    if (points.length === 0) return { points: 0, created: 0, changed: 0 };
    const embedIds = [...new Set(points.map((p) => p.package_id))];
    const found = await this.db
      .select({ embedId: packages.embedId })
      .from(packages)
      .where(and(eq(packages.publisherId, publisherId), inArray(packages.embedId, embedIds)));
    const known = new Set(found.map((p) => p.embedId));
    const unknown = embedIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new HttpError(422, unknown.map(ingestUnknownPackage));

    await this.db.execute(
      sql`select pg_advisory_xact_lock(${PACKAGE_TOTALS_LOCK}::int, ${publisherId}::int)`,
    );
    const t = packageMetricsDaily;
    const keyOf = (id: string, day: string) => `${id}\n${day}`;
    const before = await this.db
      .select({
        packageId: t.packageId,
        day: t.day,
        impressions: t.impressions,
        clicks: t.clicks,
        iabImpressions: t.iabImpressions,
      })
      .from(t)
      .where(
        sql`(${t.packageId}, ${t.day}) in (${sql.join(
          points.map((p) => sql`(${p.package_id}, ${p.day}::date)`),
          sql`, `,
        )})`,
      );
    const old = new Map(before.map((r) => [keyOf(r.packageId, r.day), r]));

    const rows = points
      .map((p) => ({
        packageId: p.package_id,
        day: p.day,
        publisherId,
        impressions: p.impressions,
        clicks: p.clicks,
        iabImpressions: p.iab_impressions,
      }))
      .sort(byKey((r) => r.packageId));
    const written = await this.db
      .insert(t)
      .values(rows)
      .onConflictDoUpdate({
        target: [t.packageId, t.day],
        set: {
          impressions: sql`excluded.impressions`,
          clicks: sql`excluded.clicks`,
          iabImpressions: sql`excluded.iab_impressions`,
        },
        setWhere: sql`(${t.impressions}, ${t.clicks}, ${t.iabImpressions})
          is distinct from (excluded.impressions, excluded.clicks, excluded.iab_impressions)`,
      })
      .returning({ packageId: t.packageId, day: t.day, created: sql<boolean>`(xmax = 0)` });

    // The totals move by new minus old for each day that changed.
    const deltas = new Map<string, TotalsShare>();
    const rowOf = new Map(rows.map((r) => [keyOf(r.packageId, r.day), r]));
    for (const w of written) {
      const key = keyOf(w.packageId, w.day);
      const now = shareOf(rowOf.get(key)!);
      const prev = old.get(key);
      const was = prev ? shareOf(prev) : shareOf({ impressions: 0, clicks: 0, iabImpressions: null });
      const d = deltas.get(w.day) ?? {
        impressions: 0,
        clicks: 0,
        iabImpressions: 0,
        iabClicks: 0,
        iabPoints: 0,
      };
      for (const k of Object.keys(d) as (keyof TotalsShare)[]) d[k] += now[k] - was[k];
      deltas.set(w.day, d);
    }
    if (deltas.size > 0) {
      const totals = publisherPackageMetricsDaily;
      const add = (column: string) =>
        sql.raw(`publisher_package_metrics_daily.${column} + excluded.${column}`);
      await this.db
        .insert(totals)
        .values(
          [...deltas].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, d]) => ({ publisherId, day, ...d })),
        )
        .onConflictDoUpdate({
          target: [totals.publisherId, totals.day],
          set: {
            impressions: add('impressions'),
            clicks: add('clicks'),
            iabImpressions: add('iab_impressions'),
            iabClicks: add('iab_clicks'),
            iabPoints: add('iab_points'),
          },
        });
    }
    return {
      points: points.length,
      created: written.filter((w) => w.created).length,
      changed: written.length,
    };
  }

  /** A highlight's days from `from` to `to`; null when the highlight is not the publisher's. */
  async highlightTrend(
    publisherId: number,
    highlightId: number,
    from: string,
    to: string,
  ): Promise<HighlightTrendDay[] | null> {
    const [owned] = await this.db
      .select({ id: highlights.id })
      .from(highlights)
      .where(and(eq(highlights.id, highlightId), eq(highlights.publisherId, publisherId)));
    if (!owned) return null;
    const t = highlightMetricsDaily;
    const rows = await this.db
      .select({
        day: t.day,
        front_page_impressions: t.frontPageImpressions,
        front_page_clicks: t.frontPageClicks,
        article_impressions: t.articleImpressions,
        article_clicks: t.articleClicks,
      })
      .from(t)
      .where(and(eq(t.highlightId, highlightId), between(t.day, from, to), eq(t.publisherId, publisherId)));
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return windowDays(to, daysBetween(from, to)).map(
      (day) =>
        byDay.get(day) ?? {
          day,
          front_page_impressions: null,
          front_page_clicks: null,
          article_impressions: null,
          article_clicks: null,
        },
    );
  }

  /** A package's days; null when the package is not the publisher's. */
  async packageTrend(
    publisherId: number,
    embedId: string,
    from: string,
    to: string,
  ): Promise<PackageTrendDay[] | null> {
    const [owned] = await this.db
      .select({ id: packages.embedId })
      .from(packages)
      .where(and(eq(packages.embedId, embedId), eq(packages.publisherId, publisherId)));
    if (!owned) return null;
    const t = packageMetricsDaily;
    const rows = await this.db
      .select({
        day: t.day,
        impressions: t.impressions,
        clicks: t.clicks,
        iabImpressions: t.iabImpressions,
      })
      .from(t)
      .where(and(eq(t.packageId, embedId), between(t.day, from, to), eq(t.publisherId, publisherId)));
    return densePackageDays(
      from,
      to,
      rows.map((r) => ({
        day: r.day,
        impressions: r.impressions,
        clicks: r.clicks,
        iab_impressions: r.iabImpressions,
        iab_clicks: r.iabImpressions === null ? null : r.clicks,
      })),
    );
  }

  /** The package totals of the given publishers, summed per day. */
  async publishersTrend(publisherIds: number[], from: string, to: string): Promise<PackageTrendDay[]> {
    if (publisherIds.length === 0) return densePackageDays(from, to, []);
    const t = publisherPackageMetricsDaily;
    const total = (column: AnyPgColumn) => sql<number>`sum(${column})::float8`.mapWith(Number);
    const rows = await this.db
      .select({
        day: t.day,
        impressions: total(t.impressions),
        clicks: total(t.clicks),
        iabImpressions: total(t.iabImpressions),
        iabClicks: total(t.iabClicks),
        iabPoints: total(t.iabPoints),
      })
      .from(t)
      .where(and(inArray(t.publisherId, publisherIds), between(t.day, from, to)))
      .groupBy(t.day);
    return densePackageDays(
      from,
      to,
      rows.map((r) => ({
        day: r.day,
        impressions: r.impressions,
        clicks: r.clicks,
        iab_impressions: r.iabPoints > 0 ? r.iabImpressions : null,
        iab_clicks: r.iabPoints > 0 ? r.iabClicks : null,
      })),
    );
  }
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Every day of the window, with null figures on the days without a point. */
function densePackageDays(from: string, to: string, rows: PackageTrendDay[]): PackageTrendDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return windowDays(to, daysBetween(from, to)).map(
    (day) =>
      byDay.get(day) ?? { day, impressions: null, clicks: null, iab_impressions: null, iab_clicks: null },
  );
}
