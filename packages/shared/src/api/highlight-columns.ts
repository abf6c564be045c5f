// The APV highlight list's sort columns and status filters as plain data, without zod: the browser's
// first screen reads them to parse its address, and would otherwise load zod with the list's schemas.
/** Columns the table sorts by; the article-clicks key keeps the spec's double underscore. */
export const HIGHLIGHT_SORT_COLUMNS = [
  'date',
  'non_uniq_regular_clicks',
  'regular_ctr',
  'non_uniq_ia__clicks',
  'ia_ctr',
] as const;
export type HighlightSortColumn = (typeof HIGHLIGHT_SORT_COLUMNS)[number];

export const HIGHLIGHT_STATUS_FILTERS = ['all', 'active', 'deactivated'] as const;
