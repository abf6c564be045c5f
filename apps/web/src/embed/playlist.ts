// The showreel's data rules, free of the DOM: what the embed JSON must hold, the URL it is read from,
// and the order highlights play in. Shared by the public player and the console's preview.
import { PACKAGE_MAX_HIGHLIGHTS } from '@hc/shared/constants';

/** One highlight as the showreel plays it: absolute (or same-origin) MP4 and image URLs. */
export interface ShowreelItem {
  id: number;
  title: string;
  video_url: string;
  thumbnail: string;
}

/** The public data call of one package (contract: GET /embed/v1/packages/{embed_id}?account=). */
export function embedDataUrl(origin: string, embedId: string, account: string): string {
  return `${origin}/embed/v1/packages/${encodeURIComponent(embedId)}?account=${encodeURIComponent(account)}`;
}

/** The item after `index`, wrapping to the first: the showreel loops. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/**
 * An http(s) URL, or null. A relative one (what the server sends when no public address is configured) is
 * resolved against `base`, the address the data was read from; without a base only absolute ones pass.
 */
function webUrl(value: unknown, base: string | undefined): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (base === undefined && !/^(https?:)?\/\//i.test(value)) return null;
  try {
    const url =
      base === undefined && value.startsWith('//') ? new URL(`https:${value}`) : new URL(value, base);
    if (!/^https?:$/.test(url.protocol)) return null;
    return base === undefined ? value : url.href;
  } catch {
    return null;
  }
}

/**
 * Reads the embed JSON defensively (it comes over the network into someone else's page): keeps the
 * well-formed highlights in order, at most the Top Videos limit, and nothing but http(s) URLs, relative
 * ones made absolute against `base` (the data's own address).
 */
export function parseEmbedPackage(json: unknown, base?: string): ShowreelItem[] | null {
  if (typeof json !== 'object' || json === null) return null;
  const list = (json as { highlights?: unknown }).highlights;
  if (!Array.isArray(list)) return null;
  const items: ShowreelItem[] = [];
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, title, video_url, thumbnail } = entry as Record<string, unknown>;
    const video = webUrl(video_url, base);
    if (typeof id !== 'number' || typeof title !== 'string' || video === null) continue;
    items.push({ id, title, video_url: video, thumbnail: webUrl(thumbnail, base) ?? '' });
  }
  return items.slice(0, PACKAGE_MAX_HIGHLIGHTS);
}

/** True when two lists would play the same thing (same highlights, order, titles and media). */
export function sameItems(a: readonly ShowreelItem[], b: readonly ShowreelItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => {
      const other = b[i]!;
      return (
        item.id === other.id &&
        item.title === other.title &&
        item.video_url === other.video_url &&
        item.thumbnail === other.thumbnail
      );
    })
  );
}
