// How the syndication table's sort becomes order_by: plain data, tested without rendering. Its
// columns are the package lists' (features/packages/list/packageColumns.tsx).
import { PACKAGE_SORT_COLUMNS } from '@hc/shared/api/packages';
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
