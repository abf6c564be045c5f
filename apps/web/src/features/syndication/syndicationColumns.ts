// Which columns the syndication table shows and how its sort becomes order_by: plain data,
// tested without rendering.
import { PACKAGE_SORT_COLUMNS } from '@hc/shared/api/packages';
import type { ConsoleConfig } from '@hc/shared/api/publishers';
import type { SyndicationParams } from './api/get-syndication.ts';

export type SyndicationSortColumn = (typeof PACKAGE_SORT_COLUMNS)[number];

export interface SyndicationSort {
  column: SyndicationSortColumn;
  order: 'asc' | 'desc';
}

export const DEFAULT_SYNDICATION_SORT: SyndicationSort = { column: 'updated_at', order: 'desc' };

/** Whether a DataTable sort field is one the server sorts by. */
export const isSyndicationSortColumn = (field: unknown): field is SyndicationSortColumn =>
  typeof field === 'string' && (PACKAGE_SORT_COLUMNS as readonly string[]).includes(field);

/** The call's parameters for a sort and a 1-based page. */
export const toSyndicationParams = (sort: SyndicationSort, page: number, per: number): SyndicationParams => ({
  page: Math.max(1, Math.floor(page)),
  per,
  order_by: `${sort.column}_${sort.order}`,
});

/** The figure columns after the always-shown type, id, title, category, date updated and clicks. */
export type SyndicationMetricColumn = 'impressions' | 'ctr' | 'iab-impressions' | 'iab-ctr';

/**
 * The impressions and CTR columns, total and IAB, appear only when the console flags are 'true'
 *. Same mapping as the highlights and packages screens:
 *   consoleDisplayGenericMetrics === 'true' → Impressions and CTR (the totals)
 *   consoleDisplayIabMetrics === 'true'     → IAB Impressions and IAB CTR
 */
export function syndicationMetricColumns(
  config: Pick<ConsoleConfig, 'consoleDisplayGenericMetrics' | 'consoleDisplayIabMetrics'>,
): SyndicationMetricColumn[] {
  return [
    ...(config.consoleDisplayGenericMetrics === 'true' ? (['impressions', 'ctr'] as const) : []),
    ...(config.consoleDisplayIabMetrics === 'true' ? (['iab-impressions', 'iab-ctr'] as const) : []),
  ];
}
