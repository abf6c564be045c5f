import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  effectiveSort,
  isSearchTooBroad,
  orderByFor,
  reachableTotal,
  toHighlightsParams,
  type HighlightsFilters,
} from './highlightsFilters.ts';

const base: HighlightsFilters = { text: '', days: null, status: 'all', sort: DEFAULT_SORT };
const now = new Date('2025-03-10T12:00:00Z');

describe('toHighlightsParams', () => {
  it('asks for the newest first, all time, all statuses by default', () => {
    expect(toHighlightsParams(base, 1, 10, now)).toEqual({
      q: '',
      status: 'all',
      order_by: 'date_desc',
      page: 1,
      per: 10,
    });
  });

  it('sends the date filter as from_date yyyymmdd', () => {
    expect(toHighlightsParams({ ...base, days: 7 }, 1, 10, now).from_date).toBe('20250303');
    expect(toHighlightsParams({ ...base, days: 1 }, 1, 10, now).from_date).toBe('20250309');
  });

  it('trims the search text and passes numeric terms through as q', () => {
    expect(toHighlightsParams({ ...base, text: '  derby  ' }, 1, 10, now).q).toBe('derby');
    expect(toHighlightsParams({ ...base, text: '1234' }, 1, 10, now).q).toBe('1234');
  });

  it('sorts columns as {column}_{direction}, keeping the double underscore', () => {
    const params = toHighlightsParams(
      { ...base, sort: { column: 'non_uniq_ia__clicks', order: 'asc' } },
      2,
      20,
      now,
    );
    expect(params.order_by).toBe('non_uniq_ia__clicks_asc');
    expect(params.page).toBe(2);
  });

  it('never pages beyond the first 1000 results', () => {
    expect(toHighlightsParams(base, 500, 10, now).page).toBe(100);
    expect(toHighlightsParams(base, 50, 100, now).page).toBe(10);
    expect(toHighlightsParams(base, 0, 10, now).page).toBe(1);
  });
});

describe('relevance sort', () => {
  it('is sent as desc only with search text', () => {
    expect(orderByFor('relevance', 'goal')).toBe('desc');
    expect(orderByFor('relevance', '  ')).toBe('date_desc');
  });

  it('falls back to Date when the text is cleared', () => {
    expect(effectiveSort('relevance', '')).toEqual(DEFAULT_SORT);
    expect(effectiveSort('relevance', 'goal')).toBe('relevance');
  });
});

describe('result counts', () => {
  it('treats a count above 1000 as too broad and pages through 1000', () => {
    expect(isSearchTooBroad(1001)).toBe(true);
    expect(isSearchTooBroad(1000)).toBe(false);
    expect(reachableTotal(1001)).toBe(1000);
    expect(reachableTotal(42)).toBe(42);
  });
});
