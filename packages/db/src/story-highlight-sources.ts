// Which highlights a story has: its active video pages, in display order. A page whose metadata names a
// highlight_id of the publisher contributes that highlight's MP4; any other video page contributes its
// own uploaded video (object_id, else a media-store video_url). Image pages have no highlight; external
// video URLs are never fetched. The same file appears once. The download route and the ZIP job ask it.
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { schema } from './schema.ts';

export interface StoryHighlightSource {
  /** The highlight's id, or the page's id for a page's own uploaded video. */
  highlightId: number;
  /** Unique within the story. */
  filename: string;
  /** Media-store path of the MP4. */
  path: string;
}

const MEDIA_PREFIX = '/media/';

/** A stored video reference as a media-store path, or null for anything outside the store. */
function mediaPathOf(ref: string | null | undefined): string | null {
  if (!ref || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return null;
  let relative = ref;
  if (ref.startsWith('/')) {
    if (!ref.startsWith(MEDIA_PREFIX)) return null;
    try {
      relative = decodeURIComponent(ref.slice(MEDIA_PREFIX.length));
    } catch {
      return null;
    }
  }
  const normal = path.posix.normalize(relative);
  return normal.startsWith('..') || path.posix.isAbsolute(normal) ? null : normal;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');

const highlightIdOf = (metadata: Record<string, unknown>): number | null => {
  const value = metadata.highlight_id;
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The story's highlight files, or null when the story is not the publisher's. */
export async function storyHighlightSources(
  db: Db,
  publisherId: number,
  storyId: number,
): Promise<StoryHighlightSource[] | null> {
  const { stories, storyPages, uploadedObjects, highlights } = schema;
  const [story] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.publisherId, publisherId)));
  if (!story) return null;
  const pages = await db
    .select()
    .from(storyPages)
    .where(
      and(eq(storyPages.storyId, storyId), eq(storyPages.objectType, 'video'), eq(storyPages.active, true)),
    )
    .orderBy(asc(storyPages.ordinal), asc(storyPages.index), asc(storyPages.id));
  const highlightIds = pages.map((p) => highlightIdOf(p.metadata)).filter((id) => id !== null);
  const objectIds = pages.map((p) => p.objectId).filter((id) => id !== null);
  const highlightPaths = new Map(
    highlightIds.length === 0
      ? []
      : (
          await db
            .select({ id: highlights.id, path: highlights.videoPath })
            .from(highlights)
            .where(and(inArray(highlights.id, highlightIds), eq(highlights.publisherId, publisherId)))
        ).map((h) => [h.id, h.path]),
  );
  const objectPaths = new Map(
    objectIds.length === 0
      ? []
      : (
          await db
            .select({ id: uploadedObjects.id, path: uploadedObjects.path })
            .from(uploadedObjects)
            .where(
              and(
                inArray(uploadedObjects.id, objectIds),
                eq(uploadedObjects.publisherId, publisherId),
                eq(uploadedObjects.kind, 'video'),
              ),
            )
        ).map((o) => [o.id, o.path]),
  );
  const seen = new Set<string>();
  const files: StoryHighlightSource[] = [];
  for (const page of pages) {
    const highlightId = highlightIdOf(page.metadata);
    const fromHighlight = highlightId === null ? undefined : highlightPaths.get(highlightId);
    const own =
      (page.objectId === null ? undefined : objectPaths.get(page.objectId)) ??
      mediaPathOf(page.videoUrl) ??
      mediaPathOf(typeof page.metadata.video_url === 'string' ? page.metadata.video_url : null);
    const file = fromHighlight ?? own;
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const id = fromHighlight !== undefined && highlightId !== null ? highlightId : page.id;
    const number = String(files.length + 1).padStart(2, '0');
    files.push({
      highlightId: id,
      filename: `${number}-${slug(page.title) || 'highlight'}-${id}.mp4`,
      path: file,
    });
  }
  return files;
}
