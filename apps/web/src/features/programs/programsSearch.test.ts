import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROGRAMS_SORT,
  NO_SEARCH,
  canSearch,
  searchOnBlur,
  submittedSearch,
  toProgramsParams,
} from './programsSearch.ts';

describe('canSearch / submittedSearch', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['\t\n', false],
    ['a', true],
    ['  Derby  ', true],
  ])('%j → %s', (text, ok) => {
    expect(canSearch(text)).toBe(ok);
    expect(submittedSearch(text, 'program_title')).toEqual(
      ok ? { text: text.trim(), type: 'program_title' } : null,
    );
  });
});

describe('searchOnBlur', () => {
  const current = { text: 'Derby', type: 'program_title' } as const;
  it.each([
    ['the same text', 'Derby', 'program_title', false],
    ['the same text with spaces', ' Derby ', 'program_title', false],
    ['new text', 'Cup', 'program_title', true],
    ['the same text, other type', 'Derby', 'program_id', true],
    ['blank text', '  ', 'program_title', false],
  ] as const)('%s → %s', (_name, text, type, expected) => {
    expect(searchOnBlur(text, current, type)).toBe(expected);
  });
});

describe('toProgramsParams', () => {
  it('without search text sends only sort and paging', () => {
    expect(toProgramsParams(NO_SEARCH, DEFAULT_PROGRAMS_SORT, 1, 10)).toEqual({
      sort_by: 'start_time',
      order_by: 'desc',
      page: 1,
      per: 10,
    });
  });
  it('with search text sends the trimmed text and its type', () => {
    expect(
      toProgramsParams(
        { text: ' 4711 ', type: 'program_id' },
        { column: 'program_name', order: 'asc' },
        3,
        20,
      ),
    ).toEqual({
      search_text: '4711',
      search_type: 'program_id',
      sort_by: 'program_name',
      order_by: 'asc',
      page: 3,
      per: 20,
    });
  });
});
