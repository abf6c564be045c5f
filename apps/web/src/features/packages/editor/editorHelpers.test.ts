import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_SORT, PACKAGE_EDITOR_DEFAULT_DATE_DAYS } from '@hc/shared/constants';
import {
  DEFAULT_AVAILABLE_FILTERS,
  EDITOR_DATE_OPTIONS,
  nextPageParam,
  toAvailableParams,
  withText,
} from './availableFilters.ts';
import { isMobileDevice } from '../../../components/device.ts';
import { embedSnippet } from '../embedCode.ts';
import { insertionIndex, moveTarget } from './dropIndex.ts';
import { mp4Url } from './editorState.ts';

const NOW = new Date('2025-03-10T12:00:00Z');

describe('left column filters', () => {
  it('default: the sixth date option (1 Year), date sort, no category, valid highlights, 25 a page', () => {
    expect(EDITOR_DATE_OPTIONS[5]?.value).toBe(PACKAGE_EDITOR_DEFAULT_DATE_DAYS);
    expect(toAvailableParams(DEFAULT_AVAILABLE_FILTERS, NOW)).toEqual({
      q: '',
      from_date: '20240310',
      order_by: 'date_desc',
      tv_status: 'valid',
      per: 25,
    });
  });

  it.each<[string, string, string, string]>([
    ['typing switches to relevance', '', 'goal', HIGHLIGHT_SORT.relevance],
    ['clearing switches back to date', 'goal', '', HIGHLIGHT_SORT.date],
    ['whitespace only counts as empty', '', '   ', HIGHLIGHT_SORT.date],
    ['a numeric term is a search too', '', '1234', HIGHLIGHT_SORT.relevance],
  ])('%s', (_name, from, to, expected) => {
    const f = withText({ ...DEFAULT_AVAILABLE_FILTERS, text: from, sort: from ? 'desc' : 'date_desc' }, to);
    expect(toAvailableParams(f, NOW).order_by).toBe(expected);
  });

  it('keeps a sort the user picked while still searching', () => {
    const f = withText({ ...DEFAULT_AVAILABLE_FILTERS, text: 'goal', sort: 'date_desc' }, 'goals');
    expect(f.sort).toBe('date_desc');
  });

  it('never asks for relevance without text', () => {
    expect(toAvailableParams({ ...DEFAULT_AVAILABLE_FILTERS, sort: 'desc' }, NOW).order_by).toBe('date_desc');
  });

  it('sends the category name, and none for the Tags default', () => {
    expect(toAvailableParams({ ...DEFAULT_AVAILABLE_FILTERS, category: 'sports' }, NOW).category).toBe(
      'sports',
    );
    expect(toAvailableParams(DEFAULT_AVAILABLE_FILTERS, NOW)).not.toHaveProperty('category');
  });

  it('sends trimmed text', () => {
    expect(toAvailableParams({ ...DEFAULT_AVAILABLE_FILTERS, text: '  rain ' }, NOW).q).toBe('rain');
  });
});

describe('nextPageParam', () => {
  it.each<[number, number, number | undefined]>([
    [25, 1, 2],
    [25, 3, 4],
    [24, 1, undefined],
    [0, 2, undefined],
    [25, 40, undefined],
  ])('a last page of %i after %i pages -> %s', (length, loaded, expected) => {
    expect(nextPageParam(length, loaded, 25)).toBe(expected);
  });
});

describe('isMobileDevice', () => {
  it.each<[boolean, number, boolean]>([
    [true, 390, true],
    [true, 1023, true],
    [true, 1366, false],
    [false, 390, false],
  ])('coarse %s, width %i -> %s', (coarsePointer, viewportWidth, expected) => {
    expect(isMobileDevice({ coarsePointer, viewportWidth })).toBe(expected);
  });
});

it('embedSnippet: script with the account id, wrapper with the embed id', () => {
  expect(embedSnippet('https://c.example', 406, 'ab12')).toBe(
    '<script async src="https://c.example/embed/player.js" data-account-id="406"></script>\n' +
      '<div class="hc-top-videos" data-embed-id="ab12"></div>',
  );
});

describe('drop arithmetic', () => {
  it.each<[number, number]>([
    [10, 2],
    [19, 2],
    [20, 3],
    [39, 3],
  ])('pointer at y=%i over item 2 (top 0, height 40) inserts at %i', (y, expected) => {
    expect(insertionIndex(2, y, 0, 40)).toBe(expected);
  });
  it.each<[number, number, number]>([
    [0, 3, 2],
    [3, 0, 0],
    [1, 1, 1],
    [1, 2, 1],
  ])('move from %i to insertion %i -> %i', (from, insertAt, expected) => {
    expect(moveTarget(from, insertAt)).toBe(expected);
  });
  it('mp4Url adds the suffix once', () => {
    expect(mp4Url('/media/a')).toBe('/media/a.mp4');
    expect(mp4Url('/media/a.mp4')).toBe('/media/a.mp4');
  });
});
