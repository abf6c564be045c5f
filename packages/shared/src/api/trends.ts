// Trends: the daily metric points the pipeline sends (impressions and clicks of each highlight, front
// page and article page, and of each package, with IAB impressions where the ad server counts them),
// and the charts the console draws from them over the last 7, 30 or 90 days.
import { z } from 'zod';
import { formatCalendarDate, parseCalendarDate } from '../calendar-dates.ts';
import { ingestDuplicateMetricPoint, ingestTooManyMetricPoints, messages } from '../messages.ts';
import { externalIdSchema } from './ingest.ts';
import { embedIdSchema } from './packages.ts';

/** Points of one request, highlights and packages together: one transaction must stay short. */
export const METRIC_POINTS_MAX = 2000;
/** The chart windows, in days ending today (UTC). */
export const TREND_WINDOWS = [7, 30, 90] as const;
export type TrendWindow = (typeof TREND_WINDOWS)[number];

const DAY_MS = 86_400_000;

/** Today's UTC calendar date plus `offset` days, written YYYY-MM-DD. */
export function utcDay(offset = 0, now: Date = new Date()): string {
  return new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The days of a window ending `to`, oldest first. */
export function windowDays(to: string, days: number): string[] {
  const end = Date.parse(`${to}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * A UTC calendar day. A point for a day after tomorrow cannot have been counted yet (tomorrow is
 * allowed: a pipeline in a zone ahead of UTC may already be there).
 */
export const metricDaySchema = z
  .string()
  .max(10, messages.calendarDateInvalid)
  .transform((text, ctx) => {
    const date = parseCalendarDate(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: messages.calendarDateInvalid });
      return z.NEVER;
    }
    const day = formatCalendarDate(date);
    if (day > utcDay(1)) {
      ctx.addIssue({ code: 'custom', message: messages.metricDayInFuture });
      return z.NEVER;
    }
    return day;
  });

/** A day's count: whole and never negative (a day without figures is simply not sent). */
const dailyCountSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const highlightMetricPointSchema = z.object({
  highlight_external_id: externalIdSchema,
  day: metricDaySchema,
  front_page_impressions: dailyCountSchema,
  front_page_clicks: dailyCountSchema,
  article_impressions: dailyCountSchema,
  article_clicks: dailyCountSchema,
});
export type HighlightMetricPoint = z.infer<typeof highlightMetricPointSchema>;

export const packageMetricPointSchema = z.object({
  /** The package id of the embed code. */
  package_id: embedIdSchema,
  day: metricDaySchema,
  impressions: dailyCountSchema,
  clicks: dailyCountSchema,
  /** Viewable impressions by the IAB standard; null or omitted where the ad server does not count them. */
  iab_impressions: dailyCountSchema.nullable().default(null),
});
export type PackageMetricPoint = z.infer<typeof packageMetricPointSchema>;

/** A day's figures replace what was sent for that day before, so a repeat writes nothing. */
export const ingestMetricsSchema = z
  .object({
    highlights: z.array(highlightMetricPointSchema).max(METRIC_POINTS_MAX).default([]),
    packages: z.array(packageMetricPointSchema).max(METRIC_POINTS_MAX).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.highlights.length + body.packages.length > METRIC_POINTS_MAX) {
      ctx.addIssue({ code: 'custom', message: ingestTooManyMetricPoints(METRIC_POINTS_MAX) });
      return;
    }
    const duplicates = (keys: [string, string][]) => {
      const seen = new Set<string>();
      for (const [id, day] of keys) {
        const key = `${id}\n${day}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: ingestDuplicateMetricPoint(id, day) });
        seen.add(key);
      }
    };
    duplicates(body.highlights.map((p) => [p.highlight_external_id, p.day]));
    duplicates(body.packages.map((p) => [p.package_id, p.day]));
  });
export type IngestMetrics = z.infer<typeof ingestMetricsSchema>;

const pointsResultSchema = z.object({
  /** Points received. */
  points: z.number(),
  /** Days that had no figures before. */
  created: z.number(),
  /** Days written (new, or with different figures); a repeat of the same body changes none. */
  changed: z.number(),
});
export const ingestMetricsResultSchema = z.object({
  highlights: pointsResultSchema,
  packages: pointsResultSchema,
});
export type IngestMetricsResult = z.infer<typeof ingestMetricsResultSchema>;

// ---------------------------------------------------------------- the charts

export const trendQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.literal([...TREND_WINDOWS], { error: messages.metricWindowInvalid }))
    .default(30),
});
export type TrendQuery = z.infer<typeof trendQuerySchema>;

/** One day of a highlight; null figures: no point was sent for that day. */
export const highlightTrendDaySchema = z.object({
  day: z.string(),
  front_page_impressions: z.number().nullable(),
  front_page_clicks: z.number().nullable(),
  article_impressions: z.number().nullable(),
  article_clicks: z.number().nullable(),
});
export type HighlightTrendDay = z.infer<typeof highlightTrendDaySchema>;

/** One day of a package, or of the packages a syndication screen lists, summed. */
export const packageTrendDaySchema = z.object({
  day: z.string(),
  impressions: z.number().nullable(),
  clicks: z.number().nullable(),
  /** Null where no IAB impressions were counted that day. */
  iab_impressions: z.number().nullable(),
  /** The clicks of the points that carried IAB impressions: the numerator of the IAB CTR. */
  iab_clicks: z.number().nullable(),
});
export type PackageTrendDay = z.infer<typeof packageTrendDaySchema>;

const trendWindow = { from: z.string(), to: z.string(), days: z.number() };
export const highlightTrendSchema = z.object({
  ...trendWindow,
  points: z.array(highlightTrendDaySchema),
});
export type HighlightTrend = z.infer<typeof highlightTrendSchema>;
export const packageTrendSchema = z.object({ ...trendWindow, points: z.array(packageTrendDaySchema) });
export type PackageTrend = z.infer<typeof packageTrendSchema>;

/** clicks / impressions, or null when there is nothing to divide. */
export const ctrOf = (clicks: number | null, impressions: number | null): number | null =>
  clicks === null || impressions === null || impressions <= 0 ? null : clicks / impressions;
