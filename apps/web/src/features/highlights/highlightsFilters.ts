// The APV Highlights screen's filters and sort as plain data, and how they become the list call's
// parameters. Kept apart from the page so the rules are tested without rendering.
import { HIGHLIGHT_SORT_COLUMNS, HIGHLIGHT_STATUS_FILTERS } from '@hc/shared/api/highlight-columns';
import type { HighlightSortColumn } from '@hc/shared/api/highlight-columns';
import { DATE_FILTER_OPTIONS, HIGHLIGHT_SORT, SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { fromDateForDays } from '@hc/shared/formatters';
import type { QueryClient } from '@tanstack/react-query';
import { readPageSize } from '../../components/usePersistentPageSize.ts';
import { choiceField, sortField, textField } from '../../lib/list-page/urlState.ts';
import type { UrlField } from '../../lib/list-page/urlState.ts';
import { prefetchHighlights } from './api/get-highlights.ts';
import type { HighlightStatusFilter, HighlightsParams } from './api/get-highlights.ts';

/** A column sort, or relevance (only meaningful with search text). */
export type HighlightsSort = { column: HighlightSortColumn; order: 'asc' | 'desc' } | 'relevance';

export const DEFAULT_SORT: HighlightsSort = { column: 'date', order: 'desc' };

/** Where the table's page size is remembered (usePersistentPageSize). */
export const HIGHLIGHTS_PAGE_SIZE_KEY = 'highlights';

const columnSort = sortField(HIGHLIGHT_SORT_COLUMNS, { column: 'date', order: 'desc' });

/** The sort in the address: `relevance`, or `column_order` like the list call's order_by. */
const highlightsSortField: UrlField<HighlightsSort> = {
  fallback: DEFAULT_SORT,
  parse: (raw) => (raw === 'relevance' ? 'relevance' : columnSort.parse(raw)),
  format: (value) => (value === 'relevance' ? 'relevance' : columnSort.format(value)),
};

const DAY_CHOICES = DATE_FILTER_OPTIONS.map((o) => String(o.days));

/** The date filter in the address: one of the offered day counts, absent for all time. */
const daysField: UrlField<number | null> = {
  fallback: null,
  parse: (raw) => (DAY_CHOICES.includes(raw) ? Number(raw) : undefined),
  format: (value) => (value === null ? '' : String(value)),
};

/** The filters and sort as the address bar keeps them: ?q=&days=&status=&sort=. */
export const HIGHLIGHTS_URL_FIELDS = {
  q: textField(),
  days: daysField,
  status: choiceField(HIGHLIGHT_STATUS_FILTERS, 'all'),
  sort: highlightsSortField,
};

export interface HighlightsFilters {
  /** Debounced search text; a purely numeric term is a highlight id (the server decides). */
  text: string;
  /** Days back for the date filter; null for all time. */
  days: number | null;
  status: HighlightStatusFilter;
  sort: HighlightsSort;
}

/** order_by for a sort: '{column}_{asc|desc}', 'desc' for relevance, and Date when relevance has no text. */
export function orderByFor(sort: HighlightsSort, text: string): HighlightsParams['order_by'] {
  if (sort === 'relevance') return text.trim() ? HIGHLIGHT_SORT.relevance : HIGHLIGHT_SORT.date;
  return `${sort.column}_${sort.order}`;
}

/** The sort in force: relevance without search text falls back to Date. */
export function effectiveSort(sort: HighlightsSort, text: string): HighlightsSort {
  return sort === 'relevance' && !text.trim() ? DEFAULT_SORT : sort;
}

/** The last page that stays within the first SEARCH_RESULT_LIMIT results. */
export function lastReachablePage(per: number): number {
  return Math.max(1, Math.ceil(SEARCH_RESULT_LIMIT / per));
}

/** The list call's parameters for the filters and a 1-based page. */
export function toHighlightsParams(
  filters: HighlightsFilters,
  page: number,
  per: number,
  now: Date = new Date(),
): HighlightsParams {
  const q = filters.text.trim();
  return {
    q,
    ...(filters.days ? { from_date: fromDateForDays(filters.days, now) } : {}),
    status: filters.status,
    order_by: orderByFor(filters.sort, q),
    page: Math.min(Math.max(1, page), lastReachablePage(per)),
    per,
  };
}

/** How many rows the paginator may reach: the server caps counts just above the limit. */
export function reachableTotal(count: number): number {
  return Math.min(count, SEARCH_RESULT_LIMIT);
}

/** True when the server reported more results than the screen will page through ('1000+'). */
export function isSearchTooBroad(count: number): boolean {
  return count > SEARCH_RESULT_LIMIT;
}

/** The table's first page as it opens (no text, all time, all statuses, newest first), asked for early. */
export function prefetchFirstHighlightsPage(queryClient: QueryClient): void {
  const filters: HighlightsFilters = { text: '', days: null, status: 'all', sort: DEFAULT_SORT };
  prefetchHighlights(queryClient, toHighlightsParams(filters, 1, readPageSize(HIGHLIGHTS_PAGE_SIZE_KEY)));
}
