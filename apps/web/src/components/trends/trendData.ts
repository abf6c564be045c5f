// The trend panels' data: the chart call of each kind, and the series a chart and its table show.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ctrOf, type HighlightTrend, type PackageTrend, type TrendWindow } from '@hc/shared/api/trends';
import { editorApi } from '../../lib/api.ts';

export type TrendSubject =
  { kind: 'highlight'; id: number } | { kind: 'package'; id: string } | { kind: 'syndication' };

const pathOf = (s: TrendSubject) =>
  s.kind === 'highlight'
    ? `trends/highlights/${s.id}`
    : s.kind === 'package'
      ? `trends/packages/${encodeURIComponent(s.id)}`
      : 'trends/syndication';

export function useTrend(subject: TrendSubject, days: TrendWindow) {
  return useQuery({
    queryKey: ['trends', subject, days],
    queryFn: ({ signal }) =>
      editorApi<HighlightTrend | PackageTrend>(pathOf(subject), { query: { days }, signal }),
    placeholderData: keepPreviousData,
    // Daily figures change at most a few times a day.
    staleTime: 5 * 60_000,
  });
}

/** One line of a chart: a label and a value per day (null: no figure that day). */
export interface TrendSeries {
  key: string;
  label: string;
  values: (number | null)[];
  /** 'count' or 'ratio' (a CTR, drawn on its own chart as a percentage). */
  unit: 'count' | 'ratio';
}

export interface TrendTable {
  days: string[];
  series: TrendSeries[];
}

const isHighlightTrend = (t: HighlightTrend | PackageTrend): t is HighlightTrend =>
  t.points.length > 0 && 'front_page_clicks' in t.points[0]!;

/** The series of a highlight (front page and article page) or of packages (total, and IAB where counted). */
export function seriesOf(trend: HighlightTrend | PackageTrend): TrendTable {
  const days = trend.points.map((p) => p.day);
  if (isHighlightTrend(trend)) {
    const p = trend.points;
    return {
      days,
      series: [
        {
          key: 'fp-impressions',
          label: 'Front page impressions',
          unit: 'count',
          values: p.map((d) => d.front_page_impressions),
        },
        {
          key: 'fp-clicks',
          label: 'Front page clicks',
          unit: 'count',
          values: p.map((d) => d.front_page_clicks),
        },
        {
          key: 'ar-impressions',
          label: 'Article impressions',
          unit: 'count',
          values: p.map((d) => d.article_impressions),
        },
        { key: 'ar-clicks', label: 'Article clicks', unit: 'count', values: p.map((d) => d.article_clicks) },
        {
          key: 'fp-ctr',
          label: 'Front page CTR',
          unit: 'ratio',
          values: p.map((d) => ctrOf(d.front_page_clicks, d.front_page_impressions)),
        },
        {
          key: 'ar-ctr',
          label: 'Article CTR',
          unit: 'ratio',
          values: p.map((d) => ctrOf(d.article_clicks, d.article_impressions)),
        },
      ],
    };
  }
  const p = (trend as PackageTrend).points;
  const series: TrendSeries[] = [
    { key: 'impressions', label: 'Impressions', unit: 'count', values: p.map((d) => d.impressions) },
    { key: 'clicks', label: 'Clicks', unit: 'count', values: p.map((d) => d.clicks) },
    { key: 'ctr', label: 'CTR', unit: 'ratio', values: p.map((d) => ctrOf(d.clicks, d.impressions)) },
  ];
  if (p.some((d) => d.iab_impressions !== null)) {
    series.splice(2, 0, {
      key: 'iab-impressions',
      label: 'IAB impressions',
      unit: 'count',
      values: p.map((d) => d.iab_impressions),
    });
    series.push({
      key: 'iab-ctr',
      label: 'IAB CTR',
      unit: 'ratio',
      values: p.map((d) => ctrOf(d.iab_clicks, d.iab_impressions)),
    });
  }
  return { days, series };
}

/** Whether any day of the window has a figure. */
export const hasFigures = (table: TrendTable) => table.series.some((s) => s.values.some((v) => v !== null));
