// The left column's filters as plain data and how they become the highlight list call:
// date range from the long list (default: its sixth option), sort (empty search uses the first
// option, non-empty the second), category ('Tags' sent as null), text, 25 a page, valid for Top Videos.
import type { HighlightOrderBy } from '@hc/shared/api/highlights';
import {
  DATE_FILTER_OPTIONS_LONG,
  HIGHLIGHT_SORT,
  HIGHLIGHTS_PAGE_SIZE,
  PACKAGE_EDITOR_DEFAULT_DATE_DAYS,
  SEARCH_RESULT_LIMIT,
} from '@hc/shared/constants';
import { fromDateForDays } from '@hc/shared/formatters';

/** The sort select's options in order: the first is used without search text, the second with it. */
export const EDITOR_SORT_OPTIONS = [
  { label: 'Date', value: HIGHLIGHT_SORT.date },
  { label: 'Relevance', value: HIGHLIGHT_SORT.relevance },
] as const satisfies readonly { label: string; value: HighlightOrderBy }[];
export type EditorSort = (typeof EDITOR_SORT_OPTIONS)[number]['value'];

export const EDITOR_DATE_OPTIONS = DATE_FILTER_OPTIONS_LONG.map((o) => ({ label: o.label, value: o.days }));

export interface AvailableFilters {
  /** Debounced search text; a purely numeric term is a highlight id (the search call decides). */
  text: string;
  days: number;
  sort: EditorSort;
  /** A category name; null is the default 'Tags' entry (no category filter). */
  category: string | null;
}

export const DEFAULT_AVAILABLE_FILTERS: AvailableFilters = {
  text: '',
  days: PACKAGE_EDITOR_DEFAULT_DATE_DAYS,
  sort: EDITOR_SORT_OPTIONS[0].value,
  category: null,
};

/** The sort a search text calls for: the first option without text, the second with it. */
export const defaultSortFor = (text: string): EditorSort =>
  text.trim() === '' ? EDITOR_SORT_OPTIONS[0].value : EDITOR_SORT_OPTIONS[1].value;

/**
 * The filters after the search text changed: when the text goes from empty to non-empty (or back) the
 * sort follows it; a sort the user picked while the text stays non-empty is kept.
 */
export function withText(filters: AvailableFilters, text: string): AvailableFilters {
  const wasEmpty = filters.text.trim() === '';
  const isEmpty = text.trim() === '';
  return { ...filters, text, sort: wasEmpty === isEmpty ? filters.sort : defaultSortFor(text) };
}

/** Relevance needs search text. */
export const effectiveSort = (filters: AvailableFilters): EditorSort =>
  filters.text.trim() === '' ? EDITOR_SORT_OPTIONS[0].value : filters.sort;

/** One page of the left list's call; `q` empty means the index call. */
export interface AvailableParams {
  q: string;
  from_date: string;
  order_by: HighlightOrderBy;
  category?: string;
  tv_status: 'valid';
  per: number;
}

/** The call's parameters (without the page, which the infinite query adds). */
export function toAvailableParams(filters: AvailableFilters, now: Date = new Date()): AvailableParams {
  const q = filters.text.trim();
  return {
    q,
    from_date: fromDateForDays(filters.days, now),
    order_by: effectiveSort(filters),
    ...(filters.category ? { category: filters.category } : {}),
    tv_status: 'valid',
    per: HIGHLIGHTS_PAGE_SIZE,
  };
}

/**
 * The next page to load, or undefined when the list has ended: a page shorter than `per` ends it
 *, and so does reaching the SEARCH_RESULT_LIMIT the server pages through.
 */
export function nextPageParam(lastPageLength: number, pagesLoaded: number, per: number): number | undefined {
  if (lastPageLength < per) return undefined;
  if (pagesLoaded * per >= SEARCH_RESULT_LIMIT) return undefined;
  return pagesLoaded + 1;
}
