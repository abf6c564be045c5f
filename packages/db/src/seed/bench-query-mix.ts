// The bench's query mix: list and search URLs as editors ask them, drawn from a seeded PRNG so a run can
// be repeated exactly. The words come from the bench data set's own vocabulary (bench.ts), so every
// selectivity the data has is asked: a whole player token (~0.02% of rows), a sport (12.5%), and the
// prefixes a search box sends while a word is typed ('fo' … 'footbal', 'ko' … 'kovac123').
//
// The server keeps answers by URL, so a URL asked twice is answered from memory the second time. A
// window that measures what the database costs must therefore never repeat a URL: `distinctDraws` draws
// until it finds one not asked before in the run. `editorSessions` is the other side: what real editors
// repeat (the default page, a popular word), to say how often the answer cache actually helps.
import { HIGHLIGHT_SORT_COLUMNS } from '@hc/shared/api/highlights';
import { PACKAGE_SORT_COLUMNS, PACKAGE_TYPES } from '@hc/shared/api/packages';
import { PROGRAM_SORTS } from '@hc/shared/api/programs';
import { PENDING_REVIEW_SORTS } from '@hc/shared/api/review';
import { VERTICAL_TASK_SORTS } from '@hc/shared/api/vertical';
import { VERTICAL_CONTENT_TYPES } from '@hc/shared/constants';
import { BENCH_CATEGORIES, BENCH_PLAYER_COUNT, BENCH_SPORTS, BENCH_VERBS } from './bench.ts';
import { createRandom, type Random } from './random.ts';

export const EDITOR_API = '/api/v1/editor';
export const DASHBOARD_API = '/api/v2/dashboard';
/** Rows per page of the highlight rows (the budgets are stated for 50 rows). */
export const MIX_PER = 50;
/** The data set spans three years back from the day it was seeded. */
const DATA_DAYS = 3 * 365;

export type Draw = (r: Random) => string;

export interface MixOptions {
  /** The day the data set was seeded (date ranges count back from it). */
  today: Date;
}

const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * 86_400_000);

/** Picks by weight: `[[weight, value], …]`. */
function weighted<T>(r: Random, choices: readonly (readonly [number, T])[]): T {
  const total = choices.reduce((sum, [w]) => sum + w, 0);
  let at = r.next() * total;
  for (const [w, value] of choices) {
    at -= w;
    if (at < 0) return value;
  }
  return choices.at(-1)![1];
}

const HIGHLIGHT_ORDERS = HIGHLIGHT_SORT_COLUMNS.flatMap((c) => [`${c}_desc`, `${c}_asc`]);

/** The table's order: newest first most of the time, then any column either way. */
const highlightOrder = (r: Random) =>
  weighted(r, [
    [35, 'date_desc'],
    [65, r.pick(HIGHLIGHT_ORDERS)],
  ]);

/** A date range as the date picker sends it: a preset (last week … two years) or any day of the data. */
function fromDate(r: Random, today: Date): string {
  const days = r.chance(0.5) ? r.pick([7, 30, 90, 180, 365, 730]) : r.int(1, DATA_DAYS);
  return yyyymmdd(daysBefore(today, days));
}

/** The table's filters, each set independently as editors set them; `atLeastOne` forces one. */
function highlightFilters(r: Random, today: Date, atLeastOne: boolean): string[] {
  const filters: string[] = [];
  const draw = () => {
    if (r.chance(0.25)) filters.push(`category=${r.pick(BENCH_CATEGORIES)}`);
    if (r.chance(0.2)) filters.push(`status=${r.pick(['active', 'deactivated', 'all'])}`);
    if (r.chance(0.15)) filters.push(`tv_status=${r.pick(['valid', 'invalid', 'all'])}`);
    if (r.chance(0.4)) filters.push(`from_date=${fromDate(r, today)}`);
  };
  draw();
  while (atLeastOne && filters.length === 0) draw();
  return filters;
}

const query = (parts: readonly (string | false | undefined)[]) => parts.filter(Boolean).join('&');

/** highlights/index, page 1, any order with at least one filter (the bench's first list row). */
export const indexFirstPage =
  ({ today }: MixOptions): Draw =>
  (r) =>
    `${EDITOR_API}/highlights/index?${query([
      `order_by=${highlightOrder(r)}`,
      ...highlightFilters(r, today, true),
      `per=${MIX_PER}`,
      'page=1',
    ])}`;

/** highlights/index, OFFSET pages 1–200, any order, filters as editors set them. */
export const indexPages =
  ({ today }: MixOptions): Draw =>
  (r) =>
    `${EDITOR_API}/highlights/index?${query([
      `order_by=${highlightOrder(r)}`,
      ...highlightFilters(r, today, false),
      `per=${MIX_PER}`,
      `page=${r.int(1, 200)}`,
    ])}`;

/** highlights/index with per=1, the capped count dominating (the bench's capped-count row). */
export const indexCounts =
  ({ today }: MixOptions): Draw =>
  (r) =>
    `${EDITOR_API}/highlights/index?${query([...highlightFilters(r, today, true), 'per=1'])}`;

/** A player token as the data has them ('kovac1234' matches about 1 in BENCH_PLAYER_COUNT rows). */
const player = (r: Random) => `kovac${r.int(0, BENCH_PLAYER_COUNT - 1)}`;

/** What the search box holds after `length` characters of `word` (at least two: shorter is not sent). */
const typedPrefix = (r: Random, word: string) => word.slice(0, r.int(2, word.length));

export type SearchKind = 'selective' | 'broad' | 'typed';

/**
 * Search text of a selectivity: `selective` a whole player token, alone or after a sport; `broad` a
 * sport (12.5% of rows), alone or with a verb of the titles (1.25%); `typed` a word (sport or player) cut where
 * the typist is, the last word matched as a prefix ('fo', 'foot', 'kovac12').
 */
export function searchText(r: Random, kind: SearchKind): string {
  if (kind === 'selective') return r.chance(0.7) ? player(r) : `${r.pick(BENCH_SPORTS)} ${player(r)}`;
  if (kind === 'broad')
    return r.chance(0.6) ? r.pick(BENCH_SPORTS) : `${r.pick(BENCH_SPORTS)} ${r.pick(BENCH_VERBS)}`;
  const word = r.chance(0.5) ? r.pick(BENCH_SPORTS) : player(r);
  return r.chance(0.8) ? typedPrefix(r, word) : `${r.pick(BENCH_SPORTS)} ${typedPrefix(r, player(r))}`;
}

/** Relevance mostly (the screen's default with text), else a column order. */
const searchOrder = (r: Random) =>
  weighted(r, [
    [60, 'desc'],
    [25, 'date_desc'],
    [15, r.pick(HIGHLIGHT_ORDERS)],
  ]);

/** highlights/search with text of one selectivity, filters and the first pages as editors use them. */
export const searchOf =
  (kind: SearchKind, { today }: MixOptions): Draw =>
  (r) =>
    `${EDITOR_API}/highlights/search?${query([
      `q=${encodeURIComponent(searchText(r, kind))}`,
      `order_by=${searchOrder(r)}`,
      ...(r.chance(0.3) ? highlightFilters(r, today, false) : []),
      `per=${MIX_PER}`,
      `page=${weighted(r, [
        [85, 1],
        [15, r.int(2, 5)],
      ])}`,
    ])}`;

/**
 * Words the other lists' names hold: 'Bench package 123', 'Bench program 12', 'Bench story 7',
 * 'Bench task 42'. A word of every row, a prefix of it, or a number that narrows to a few rows.
 */
function nameText(r: Random, noun: string, count: number): string {
  return weighted(r, [
    [20, typedPrefix(r, noun)],
    [40, `${noun} ${r.int(1, count)}`],
    [40, String(r.int(1, count))],
  ]);
}

/** Rows each list's draw assumes (the bench data set at 1M highlights: bench.ts divides by these). */
export interface ListSizes {
  packages: number;
  programs: number;
  stories: number;
  tasks: number;
}
export const listSizes = (highlights: number): ListSizes => ({
  packages: Math.floor(highlights / 50),
  programs: Math.floor(highlights / 500),
  stories: Math.floor(highlights / 100),
  tasks: Math.floor(highlights / 20),
});

const PAGE_SIZES = [10, 25, 50, 100];
const listPage = (r: Random) =>
  weighted(r, [
    [70, 1],
    [25, r.int(2, 10)],
    [5, r.int(11, 100)],
  ]);

/** GET packages: type, order, search words (half the time), page. */
export const packagesList =
  (sizes: ListSizes): Draw =>
  (r) =>
    `${EDITOR_API}/packages?${query([
      r.chance(0.5) && `q=${encodeURIComponent(nameText(r, 'package', sizes.packages))}`,
      r.chance(0.3) && `type=${r.pick(PACKAGE_TYPES)}`,
      `order_by=${r.pick(PACKAGE_SORT_COLUMNS)}_${r.pick(['asc', 'desc'])}`,
      `per=${r.pick(PAGE_SIZES)}`,
      `page=${listPage(r)}`,
    ])}`;

/** GET programs/index (dashboard v2): title words or an id, any sort, page. */
export const programsList =
  (sizes: ListSizes): Draw =>
  (r) => {
    const byId = r.chance(0.15);
    const text = byId ? String(r.int(1, sizes.programs)) : nameText(r, 'program', sizes.programs);
    return `${DASHBOARD_API}/programs/index?${query([
      r.chance(0.5) && `search_text=${encodeURIComponent(text)}`,
      byId && 'search_type=program_id',
      `sort_by=${r.pick(PROGRAM_SORTS)}`,
      `order_by=${r.pick(['asc', 'desc'])}`,
      `per=${r.pick(PAGE_SIZES)}`,
      `page=${listPage(r)}`,
    ])}`;
  };

/** GET stamp/stories: title text (half the time), page. */
export const storiesList =
  (sizes: ListSizes): Draw =>
  (r) =>
    `${EDITOR_API}/stamp/stories?${query([
      r.chance(0.5) && `q=${encodeURIComponent(nameText(r, 'story', sizes.stories))}`,
      `per=${r.pick([10, 25, 50, 100])}`,
      `page=${listPage(r)}`,
    ])}`;

/** GET articles/pending_review: any sort, a publisher now and then, page. */
export const reviewQueue: Draw = (r) =>
  `${EDITOR_API}/articles/pending_review?${query([
    `sort_by=${r.pick(PENDING_REVIEW_SORTS)}`,
    `order_by=${r.pick(['asc', 'desc'])}`,
    r.chance(0.3) && 'publisher=1',
    `per=${r.pick(PAGE_SIZES)}`,
    `page=${listPage(r)}`,
  ])}`;

/** GET vertical_tasks: status tab, look-back, content type, one or two sort keys, title text, page. */
export const verticalTasks =
  (sizes: ListSizes): Draw =>
  (r) => {
    const sorts = r.sample(VERTICAL_TASK_SORTS, r.chance(0.3) ? 2 : 1);
    return `${EDITOR_API}/vertical_tasks?${query([
      `status=${r.pick(['review', 'ready', 'rejected'])}`,
      `from=${r.pick([7, 30, 120, 365, r.int(1, 3650)])}`,
      r.chance(0.3) && `content_type=${r.pick(VERTICAL_CONTENT_TYPES)}`,
      ...sorts.map((s) => `sort_by[]=${s}&order_dir[]=${r.pick(['asc', 'desc'])}`),
      r.chance(0.3) && `free_query=${encodeURIComponent(nameText(r, 'task', sizes.tasks))}`,
      `per=${r.pick([10, 25, 50, 100])}`,
      `page=${listPage(r)}`,
    ])}`;
  };

/**
 * Draws that never repeat within a run: each call draws until it finds a URL no other call of any
 * `distinctDraws` sharing `seen` has given. Throws if the mix runs dry (a mix too narrow to measure
 * misses with), so a window can never silently fall back to repeats.
 */
export function distinctDraws(seed: number, draw: Draw, seen: Set<string>): () => string {
  const r = createRandom(seed);
  return () => {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const path = draw(r);
      if (seen.has(path)) continue;
      seen.add(path);
      return path;
    }
    throw new Error('the query mix gave 1,000 repeats in a row: too narrow to measure misses');
  };
}

/**
 * What editors of one publisher ask, repeats included: each session opens the list on its default
 * (newest first, page 1), then pages on, re-sorts, filters, or types a search word key by key (a
 * debounced box sends some of the prefixes, then the word). Words are drawn by popularity (a few players
 * and sports are asked for far more often than the rest), so different editors ask the same things.
 */
export function editorSessions(seed: number, { today }: MixOptions): () => string {
  const r = createRandom(seed);
  // Popularity: the k-th most asked player is asked about 1/k as often (Zipf).
  const popularPlayers = Array.from({ length: 200 }, () => player(r));
  const zipf = (n: number) => Math.min(n - 1, Math.floor(Math.exp(r.next() * Math.log(n + 1))) - 1);
  let pending: string[] = [];
  const index = (parts: string[]) => `${EDITOR_API}/highlights/index?${query([...parts, `per=${MIX_PER}`])}`;
  const search = (text: string, parts: string[]) =>
    `${EDITOR_API}/highlights/search?${query([`q=${encodeURIComponent(text)}`, ...parts, `per=${MIX_PER}`])}`;
  const session = () => {
    const steps: string[] = [index(['order_by=date_desc', 'page=1'])];
    let order = 'date_desc';
    let filters: string[] = [];
    for (let k = r.int(1, 6); k > 0; k--) {
      const action = weighted(r, [
        [30, 'next'],
        [20, 'sort'],
        [20, 'filter'],
        [30, 'search'],
      ]);
      if (action === 'next') {
        const last = r.int(2, 4);
        for (let page = 2; page <= last; page++)
          steps.push(index([`order_by=${order}`, ...filters, `page=${page}`]));
      } else if (action === 'sort') {
        order = highlightOrder(r);
        steps.push(index([`order_by=${order}`, ...filters, 'page=1']));
      } else if (action === 'filter') {
        // Presets mostly: a date range an editor picks is one of the picker's presets.
        filters = weighted(r, [
          [40, [`category=${r.pick(BENCH_CATEGORIES)}`]],
          [30, [`from_date=${yyyymmdd(daysBefore(today, r.pick([7, 30, 90, 365])))}`]],
          [20, [`status=${r.pick(['active', 'deactivated'])}`]],
          [10, []],
        ]);
        steps.push(index([`order_by=${order}`, ...filters, 'page=1']));
      } else {
        const word = r.chance(0.6) ? popularPlayers[zipf(popularPlayers.length)]! : r.pick(BENCH_SPORTS);
        // The debounce lets through about one keystroke in three, and the whole word.
        for (let n = 2; n < word.length; n++)
          if (r.chance(0.35)) steps.push(search(word.slice(0, n), ['order_by=desc', 'page=1']));
        steps.push(search(word, ['order_by=desc', 'page=1']));
      }
    }
    return steps;
  };
  return () => {
    if (pending.length === 0) pending = session();
    return pending.shift()!;
  };
}
