// The programs list's search and sort rules: a search only with non-empty
// trimmed text, by program name or id; server paging; default order start time, newest first.

import { PROGRAM_SEARCH_TYPES, PROGRAM_SORTS } from '@hc/shared/api/programs';
import type { ProgramSearchType, ProgramSort } from '@hc/shared/api/programs';
import { choiceField, sortField, textField } from '../../lib/list-page/urlState.ts';

export const PROGRAM_SEARCH_TYPE_LABELS: Record<ProgramSearchType, string> = {
  program_title: 'Program name',
  program_id: 'Program ID',
};

export type ProgramSortColumn = ProgramSort;

export interface ProgramsSort {
  column: ProgramSortColumn;
  order: 'asc' | 'desc';
}
export const DEFAULT_PROGRAMS_SORT: ProgramsSort = { column: 'start_time', order: 'desc' };

/** The search the table runs: the submitted text (trimmed, may be empty) and its type. */
export interface ProgramsSearch {
  text: string;
  type: ProgramSearchType;
}
export const NO_SEARCH: ProgramsSearch = { text: '', type: 'program_title' };

/** The search and sort as the address bar keeps them: ?q=&by=&sort=column_order. */
export const PROGRAMS_URL_FIELDS = {
  q: textField(),
  by: choiceField(PROGRAM_SEARCH_TYPES, NO_SEARCH.type),
  sort: sortField(PROGRAM_SORTS, DEFAULT_PROGRAMS_SORT),
};

/** Searching needs non-empty trimmed text. */
export const canSearch = (text: string): boolean => text.trim() !== '';

/** The search a submit starts, or null when the text is blank. */
export function submittedSearch(text: string, type: ProgramSearchType): ProgramsSearch | null {
  return canSearch(text) ? { text: text.trim(), type } : null;
}

/** Whether leaving the box should search: only when the text differs from the search already shown. */
export const searchOnBlur = (text: string, current: ProgramsSearch, type: ProgramSearchType): boolean =>
  canSearch(text) && (text.trim() !== current.text || type !== current.type);

export interface ProgramsParams {
  search_text?: string;
  search_type?: ProgramSearchType;
  sort_by: ProgramSortColumn;
  order_by: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  per: number;
}

/** The programs/index query; no search fields without search text. */
export function toProgramsParams(search: ProgramsSearch, sort: ProgramsSort, page: number, per: number) {
  const params: ProgramsParams = { sort_by: sort.column, order_by: sort.order, page, per };
  if (canSearch(search.text)) {
    params.search_text = search.text.trim();
    params.search_type = search.type;
  }
  return params;
}
