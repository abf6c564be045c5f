// Post-on-google rules as plain data (the hlts query parameter and what publishing does): which
// highlights the view shows, and what a publish does to the list. Tested without rendering.
//
// What a resource is in the UI: the server stores {id, type, url} per resource (a page or asset that
// still has to be posted on Google for that highlight). A resource has no picture of its own, so the
// highlight's thumbnail (its APV) stands for all of its resources; each resource row shows its type
// as a tag ('POG'), its URL as an external link, its id in small print, and a Publish button.
import type { Highlight } from '@hc/shared/api/highlights';

export type Resource = Highlight['resources'][number];

/** The resource type of the view: post-on-google (the call's default). */
export const POG_TYPE = 'pog';

/** The answer of GET external_resources/publish: the resources the highlight still holds. */
export interface PublishResult {
  highlight_id: number;
  resources: Resource[];
}

/**
 * The highlight ids of `?hlts=id1,id2` in order, without duplicates or non-ids; null when the parameter
 * is absent (the full list). An empty parameter (or only bad values) is an empty selection.
 */
export function parseHlts(value: string | null): number[] | null {
  if (value === null) return null;
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const text = part.trim();
    if (!/^\d{1,15}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The highlight's resources of a type (the list call returns highlights holding at least one). */
export const resourcesOfType = (highlight: Pick<Highlight, 'resources'>, type: string): Resource[] =>
  highlight.resources.filter((r) => r.type === type);

/** The highlights the view shows: all of them, or those named by hlts, in the list's order. */
export function visibleHighlights<T extends Pick<Highlight, 'highlight_id' | 'resources'>>(
  highlights: readonly T[],
  hlts: readonly number[] | null,
  type: string,
): T[] {
  const wanted = hlts && new Set(hlts);
  return highlights.filter(
    (h) => (!wanted || wanted.has(h.highlight_id)) && resourcesOfType(h, type).length > 0,
  );
}

/**
 * The list after a publish: the highlight keeps only the resources the server says remain, and it is
 * dropped when none of the view's type remain.
 */
export function applyPublish<T extends Pick<Highlight, 'highlight_id' | 'resources'>>(
  highlights: readonly T[],
  result: PublishResult,
  type: string,
): T[] {
  const out: T[] = [];
  for (const h of highlights) {
    if (h.highlight_id !== result.highlight_id) {
      out.push(h);
      continue;
    }
    const next = { ...h, resources: result.resources };
    if (resourcesOfType(next, type).length > 0) out.push(next);
  }
  return out;
}

/** Whether the hlts view has run out of items, so the user goes to /post-on-google. */
export const hltsViewEmptied = (hlts: readonly number[] | null, visibleCount: number): boolean =>
  hlts !== null && visibleCount === 0;

/** A short, readable form of a resource URL for the table: host and path, no scheme. */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
