// The spec's infinite-loading rule: a list ends when a returned page holds fewer items than
// requested, and items seen on an earlier page are dropped (pages shift when new highlights arrive).

export interface MergedPages<T> {
  items: T[];
  ended: boolean;
}

/** Flattens loaded pages in order, keeping the first occurrence of each highlight_id. */
export function mergePages<T extends { highlight_id: number }>(
  pages: readonly (readonly T[])[],
  per: number,
): MergedPages<T> {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.highlight_id)) continue;
      seen.add(item.highlight_id);
      items.push(item);
    }
  }
  const last = pages[pages.length - 1];
  return { items, ended: last !== undefined && last.length < per };
}
