import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { highlightListQuerySchema, highlightSearchQuerySchema } from '@hc/shared/api/highlights';
import { packageListQuerySchema } from '@hc/shared/api/packages';
import { programListQuerySchema } from '@hc/shared/api/programs';
import { pendingReviewQuerySchema } from '@hc/shared/api/review';
import { storyListQuerySchema } from '@hc/shared/api/stories';
import { verticalTaskListQuerySchema } from '@hc/shared/api/vertical';
import {
  distinctDraws,
  editorSessions,
  indexCounts,
  indexFirstPage,
  indexPages,
  listSizes,
  packagesList,
  programsList,
  reviewQueue,
  searchOf,
  storiesList,
  verticalTasks,
  type Draw,
} from './bench-query-mix.ts';

const today = new Date('2026-11-28T00:00:00Z');
const sizes = listSizes(1_000_000);

/** The query as Fastify hands it to the route's schema: a repeated key becomes an array. */
function queryOf(path: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(path, 'http://x').searchParams) {
    const had = out[key];
    out[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

const mixes: [string, Draw, z.ZodType][] = [
  ['index page 1', indexFirstPage({ today }), highlightListQuerySchema],
  ['index pages', indexPages({ today }), highlightListQuerySchema],
  ['counts', indexCounts({ today }), highlightListQuerySchema],
  ['search selective', searchOf('selective', { today }), highlightSearchQuerySchema],
  ['search broad', searchOf('broad', { today }), highlightSearchQuerySchema],
  ['search typed', searchOf('typed', { today }), highlightSearchQuerySchema],
  ['packages', packagesList(sizes), packageListQuerySchema],
  ['programs', programsList(sizes), programListQuerySchema],
  ['stories', storiesList(sizes), storyListQuerySchema],
  ['review queue', reviewQueue, pendingReviewQuerySchema],
  ['vertical tasks', verticalTasks(sizes), verticalTaskListQuerySchema],
];

describe('bench query mix', () => {
  it.each(mixes)(
    '%s: thousands of URLs, none repeated, each one the route accepts',
    (_name, draw, schema) => {
      const next = distinctDraws(7, draw, new Set());
      const paths = Array.from({ length: 3000 }, next);
      expect(new Set(paths).size).toBe(paths.length);
      for (const path of paths) expect(schema.safeParse(queryOf(path)).success, path).toBe(true);
    },
  );

  it('is the same run after run for a seed, and another for another seed', () => {
    const run = (seed: number) =>
      Array.from({ length: 200 }, distinctDraws(seed, indexPages({ today }), new Set()));
    expect(run(1)).toEqual(run(1));
    expect(run(2)).not.toEqual(run(1));
  });

  it('never repeats across the windows of a run that share what was asked', () => {
    const seen = new Set<string>();
    const first = Array.from({ length: 1000 }, distinctDraws(1, searchOf('typed', { today }), seen));
    const second = Array.from({ length: 1000 }, distinctDraws(2, searchOf('typed', { today }), seen));
    expect(second.filter((p) => first.includes(p))).toEqual([]);
  });

  it('asks every selectivity: whole player tokens, sports, and prefixes as typed from two letters', () => {
    const words = (kind: 'selective' | 'broad' | 'typed') =>
      Array.from({ length: 2000 }, distinctDraws(3, searchOf(kind, { today }), new Set())).map((p) =>
        new URL(p, 'http://x').searchParams.get('q')!,
      );
    expect(words('selective').every((q) => /\bkovac\d+$/.test(q))).toBe(true);
    expect(words('broad').some((q) => q === 'football')).toBe(true);
    const typed = words('typed');
    expect(typed).toContain('fo');
    expect(typed.some((q) => /^kovac\d{1,3}$/.test(q))).toBe(true);
    expect(typed.some((q) => /^kov?a?$/.test(q))).toBe(true);
  });

  it('editor sessions repeat some of what they ask, as real editors do, but not all', () => {
    const next = editorSessions(11, { today });
    const paths = Array.from({ length: 5000 }, next);
    const repeats = paths.length - new Set(paths).size;
    expect(repeats / paths.length).toBeGreaterThan(0.2);
    expect(repeats / paths.length).toBeLessThan(0.95);
    for (const path of paths) {
      const schema = path.includes('/search?') ? highlightSearchQuerySchema : highlightListQuerySchema;
      expect(schema.safeParse(queryOf(path)).success, path).toBe(true);
    }
  });
});
