// Story and page rows to the spec's shapes: seconds for times, URLs for media. The story link and
// thumbnail are absolute (they are copied and shared); page media URLs are root-relative like the
// rest of the API.
import type { Story, StoryFormField, StoryPage } from '@hc/shared/api/stories';
import { dateToSeconds } from '@hc/shared/formatters';
import type { MediaStore } from '../media/store.ts';
import type { StoryPageRow, StoryRow } from './repo.ts';

/** A stored reference (media-store path, root-relative path or absolute URL) as a URL. */
export function mediaRefUrl(media: MediaStore, ref: string | null): string | null {
  if (!ref) return null;
  if (/^https?:\/\//i.test(ref) || ref.startsWith('/')) return ref;
  return media.url(ref);
}

/** A root-relative URL made absolute against the request's origin. */
export const absolute = (origin: string, url: string | null) =>
  url === null ? null : url.startsWith('/') ? origin + url : url;

/** The public link of a story (served by the public stories route). */
export const storyLinkPath = (id: number) => `/stories/${id}.html`;

export function presentPage(row: StoryPageRow, media: MediaStore): StoryPage {
  return {
    id: row.id,
    index: row.index,
    ordinal: row.ordinal,
    object_id: row.objectId,
    object_type: row.objectType,
    story_id: row.storyId,
    apv_story_id: row.storyId,
    title: row.title,
    subtitle: row.subtitle,
    image: mediaRefUrl(media, row.image),
    poster: mediaRefUrl(media, row.poster),
    thumbnail: mediaRefUrl(media, row.thumbnail),
    layout: row.layout,
    blurb: row.blurb,
    duration: row.duration,
    active: row.active,
    video_url: mediaRefUrl(media, row.videoUrl),
    metadata: { ...row.metadata, ...(row.videoUrl ? { video_url: mediaRefUrl(media, row.videoUrl)! } : {}) },
  };
}

/**
 * Whether a published story was edited since its publish. Every page write moves updated_at on by at
 * least a whole second and a publish stamps the version it made, so whole seconds compare exactly
 * (and a stored updated_at finer than a millisecond cannot count as a change). A story published
 * before versions were stamped has none until its first change, which stamps it first.
 */
export const hasUnpublishedChanges = (row: StoryRow): boolean =>
  row.state === 'published' &&
  row.publishedVersionAt !== null &&
  dateToSeconds(row.updatedAt) > dateToSeconds(row.publishedVersionAt);

export function presentStory(
  row: StoryRow,
  pages: StoryPageRow[],
  formFields: readonly StoryFormField[],
  media: MediaStore,
  origin: string,
): Story {
  const published = row.state === 'published';
  return {
    id: row.id,
    title: row.title,
    name: row.name,
    state: row.state,
    // Always our public route: the console serves every published story (seeded links name no real host).
    link: published ? origin + storyLinkPath(row.id) : null,
    thumbnail: published ? absolute(origin, mediaRefUrl(media, row.thumbnailPath)) : null,
    created_at: dateToSeconds(row.createdAt),
    updated_at: dateToSeconds(row.updatedAt),
    pages: pages.map((p) => presentPage(p, media)),
    has_unpublished_changes: hasUnpublishedChanges(row),
    form_fields: [...formFields],
  };
}
