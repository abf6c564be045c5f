// The review queue's sort, kept in local storage (default created_at, newest first).

import { PENDING_REVIEW_SORTS } from '@hc/shared/api/review';
import type { PendingReviewSort } from '@hc/shared/api/review';
import { intField, sortField } from '../../lib/list-page/urlState.ts';

export type ReviewSortColumn = PendingReviewSort;

export interface ReviewSort {
  column: ReviewSortColumn;
  order: 'asc' | 'desc';
}

export const DEFAULT_REVIEW_SORT: ReviewSort = { column: 'created_at', order: 'desc' };
export const REVIEW_SORT_STORAGE_KEY = 'hc.reviewSort';

/** A stored value back to a sort; anything unreadable is the default. */
export function parseReviewSort(raw: string | null): ReviewSort {
  if (!raw) return DEFAULT_REVIEW_SORT;
  try {
    const value = JSON.parse(raw) as Partial<ReviewSort> | null;
    if (
      value &&
      (PENDING_REVIEW_SORTS as readonly string[]).includes(value.column ?? '') &&
      (value.order === 'asc' || value.order === 'desc')
    ) {
      return { column: value.column as ReviewSortColumn, order: value.order };
    }
  } catch {
    // fall through
  }
  return DEFAULT_REVIEW_SORT;
}

export const serializeReviewSort = (sort: ReviewSort): string => JSON.stringify(sort);

export function readReviewSort(): ReviewSort {
  try {
    return parseReviewSort(localStorage.getItem(REVIEW_SORT_STORAGE_KEY));
  } catch {
    return DEFAULT_REVIEW_SORT;
  }
}

export function writeReviewSort(sort: ReviewSort): void {
  try {
    localStorage.setItem(REVIEW_SORT_STORAGE_KEY, serializeReviewSort(sort));
  } catch {
    // Storage full or disabled: the sort still applies for this visit.
  }
}

/** The queue's filters in the address: ?publisher=&sort=column_order (absent sort: the remembered one). */
export const REVIEW_URL_FIELDS = {
  publisher: intField(1, 2_147_483_647),
  sort: sortField(PENDING_REVIEW_SORTS, DEFAULT_REVIEW_SORT),
};
