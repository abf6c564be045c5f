// What a publish makes public: the story's title, its publisher's name and its active pages as they
// were at that moment. The public link renders from this record only, so page edits, deletions and
// reorders after a publish reach the public story with the next publish, never before.
import type { StorySnapshot, StorySnapshotPage } from '@hc/db/schema/stories';
import type { MediaStore } from '../media/store.ts';
import { renderAmpStory, safeUrl, type AmpPage } from './amp.ts';
import { absolute, mediaRefUrl } from './presenter.ts';
import type { StoryPageRow } from './repo.ts';

/** The snapshot of a story whose pages are given in display order. */
export function snapshotOf(title: string, publisherName: string, pages: StoryPageRow[]): StorySnapshot {
  return {
    title,
    publisherName,
    pages: pages
      .filter((p) => p.active)
      .map((p): StorySnapshotPage => ({
        id: p.id,
        objectType: p.objectType,
        title: p.title,
        subtitle: p.subtitle,
        image: p.image,
        videoUrl: p.videoUrl,
        poster: p.poster,
        layout: p.layout,
        blurb: p.blurb,
        duration: p.duration,
        metadata: p.metadata,
      })),
  };
}

/** A frozen page as the AMP renderer takes it, URLs absolute against the request's origin. */
function ampPageOfSnapshot(page: StorySnapshotPage, media: MediaStore, origin: string): AmpPage {
  return {
    objectType: page.objectType,
    title: page.title,
    subtitle: page.subtitle,
    imageUrl: absolute(origin, mediaRefUrl(media, page.image)),
    videoUrl: absolute(origin, mediaRefUrl(media, page.videoUrl)),
    posterUrl: absolute(origin, mediaRefUrl(media, page.poster)),
    layout: page.layout,
    blurb: page.blurb,
    durationSeconds: page.duration,
    fields: page.metadata,
  };
}

/** The story's poster: the first page's image, else its video poster. */
export function posterOf(pages: AmpPage[]): string | null {
  for (const page of pages) {
    const url = safeUrl(page.imageUrl) ?? safeUrl(page.posterUrl);
    if (url) return url;
  }
  return null;
}

/** The AMP document of a snapshot. */
export function renderSnapshot(
  snapshot: StorySnapshot,
  { canonicalUrl, media, origin }: { canonicalUrl: string; media: MediaStore; origin: string },
): string {
  const pages = snapshot.pages.map((p) => ampPageOfSnapshot(p, media, origin));
  return renderAmpStory({
    title: snapshot.title,
    publisherName: snapshot.publisherName,
    canonicalUrl,
    posterUrl: posterOf(pages) ?? origin + '/favicon.ico',
    pages,
  });
}
