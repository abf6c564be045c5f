// The spec's story rules on the server: page forms (image file, duration, layout, blurb;
// video file, poster URL, server-defined fields, the create_new_video_page role), the updated_at check
// of publish, and rendering. Every change runs in one transaction with its audit_log row.
import type { Db } from '@hc/db/client';
import type { StoryDraftPage, StoryPageWrite, StorySave } from '@hc/shared/api/stories';
import { IMAGE_PAGE_DURATION, VIDEO_PAGE_DEFAULT_DURATION, VIDEO_UPLOAD } from '@hc/shared/constants';
import { dateToSeconds } from '@hc/shared/formatters';
import { messages } from '@hc/shared/messages';
import { validatePosterUrl } from '@hc/shared/validation';
import { conflict, forbidden, HttpError, notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { renderAmpStory, safeUrl, type AmpPage } from './amp.ts';
import { checkVideoFields } from './form-fields.ts';
import { absolute, mediaRefUrl, storyLinkPath } from './presenter.ts';
import { StoryRepository, type StoryPageInsert, type StoryPageRow, type StoryRow } from './repo.ts';
import { posterOf, renderSnapshot, snapshotOf } from './snapshot.ts';
import { writeAudit } from '../audit/writer.ts';

/** Server answers the spec does not word (shown by the web as the error text). */
export const storyErrors = {
  stale: 'A newer version of this story exists. Reload it to see the latest version.',
  imageDuration: `An image page is shown for ${IMAGE_PAGE_DURATION.min} to ${IMAGE_PAGE_DURATION.max} seconds.`,
  videoDuration: `A video page is shown for ${VIDEO_UPLOAD.minSeconds} to ${VIDEO_UPLOAD.maxSeconds} seconds.`,
  noPages: 'A story needs at least one page before it can be published.',
  storyIdRequired: 'story_id is required.',
  pageNotInStory: 'A page of the list does not belong to this story.',
  duplicatePage: 'A page can be listed only once.',
};

/** A broken form rule: 422 with the rule's message. */
export const unprocessable = (message: string) => new HttpError(422, [message]);

export interface Actor {
  userId: number;
  publisherId: number;
  /** Holds create_new_video_page (or is an admin). */
  canVideo: boolean;
}

/** The next updated_at: now, but at least one second past the previous (see the packages service). */
const nextUpdatedAt = (previous: Date) =>
  new Date(Math.max(Date.now(), (dateToSeconds(previous) + 1) * 1000));

type PageValues = Omit<StoryPageInsert, 'storyId' | 'ordinal'>;

const pageSummary = (row: PageValues | StoryPageRow) => ({
  index: row.index,
  object_type: row.objectType,
  object_id: row.objectId,
  title: row.title,
  subtitle: row.subtitle,
  poster: row.poster,
  layout: row.layout,
  blurb: row.blurb,
  duration: row.duration,
  metadata: row.metadata,
});

/** Whether a poster URL loads as an image: null, or the catalogue message. */
export type PosterChecker = (url: string, origin: string) => Promise<string | null>;

export class StoryService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
    private readonly checkPoster: PosterChecker = async () => null,
  ) {}

  /** A poster URL checked alone, as a page save would: its form first, then that the image loads. */
  async checkPosterAlone(poster: string, origin: string): Promise<string> {
    const url = poster.trim();
    const formError = validatePosterUrl(url);
    if (formError) throw unprocessable(formError);
    const loadError = await this.checkPoster(url, origin);
    if (loadError) throw unprocessable(loadError);
    return url;
  }

  /** The checked, stored form of a page write. */
  private async pageValues(
    repo: StoryRepository,
    actor: Actor,
    body: StoryPageWrite,
    origin: string,
  ): Promise<PageValues> {
    const meta = body.metadata;
    if (body.object_type === 'cover') throw unprocessable(messages.storyCoverPageOnly);
    if (body.object_type === 'video') {
      if (!actor.canVideo) throw forbidden();
      const object = body.object_id ? await repo.uploadedObject(actor.publisherId, body.object_id) : null;
      if (!object || object.kind !== 'video') throw unprocessable(messages.videoFileRequired);
      const posterError = validatePosterUrl(body.poster);
      if (posterError) throw unprocessable(posterError);
      // The video form's Title is the server-defined field metadata.title; a top-level title (which
      // the page call also names) is the same field, so it is taken when metadata has none, and two
      // different values are refused rather than one silently dropped.
      const topTitle = body.title.trim();
      const metaTitle = typeof meta.title === 'string' ? meta.title.trim() : '';
      if (topTitle !== '' && metaTitle !== '' && topTitle !== metaTitle)
        throw unprocessable(messages.storyVideoTitleMismatch);
      const fields = checkVideoFields({ ...meta, title: metaTitle || topTitle });
      if ('error' in fields) throw unprocessable(fields.error);
      // Last, as it goes out to the network: only a form that is otherwise right costs a fetch.
      const loadError = await this.checkPoster(body.poster!.trim(), origin);
      if (loadError) throw unprocessable(loadError);
      const duration = meta.duration ?? body.duration ?? VIDEO_PAGE_DEFAULT_DURATION;
      if (duration < VIDEO_UPLOAD.minSeconds || duration > VIDEO_UPLOAD.maxSeconds)
        throw unprocessable(storyErrors.videoDuration);
      return {
        index: body.index,
        objectId: object.id,
        objectType: 'video',
        title: fields.values.title ?? '',
        subtitle: body.subtitle.trim(),
        image: null,
        poster: body.poster!.trim(),
        thumbnail: body.poster!.trim(),
        layout: 0,
        blurb: 1,
        duration,
        videoUrl: object.path,
        metadata: { ...fields.values, duration, video_url: object.path },
      };
    }
    const object = body.object_id ? await repo.uploadedObject(actor.publisherId, body.object_id) : null;
    if (!object || object.kind !== 'image') throw unprocessable(messages.imageFileRequired);
    const duration = meta.duration ?? body.duration ?? IMAGE_PAGE_DURATION.default;
    if (
      !Number.isInteger(duration) ||
      duration < IMAGE_PAGE_DURATION.min ||
      duration > IMAGE_PAGE_DURATION.max
    )
      throw unprocessable(storyErrors.imageDuration);
    const layout = meta.template_options?.layout ?? body.layout ?? 0;
    const blurb = meta.template_options?.blurb ?? body.blurb ?? 1;
    return {
      index: body.index,
      objectId: object.id,
      objectType: 'image',
      title: body.title.trim(),
      subtitle: body.subtitle.trim(),
      image: object.path,
      poster: null,
      thumbnail: object.path,
      layout,
      blurb,
      duration,
      videoUrl: null,
      metadata: { duration, template_options: { layout, blurb } },
    };
  }

  /**
   * A write to a stored cover page: covers are the system's, so only their words change (title and
   * subtitle); the media and the kind stay. A cover is never made from, or into, another kind.
   */
  private coverValues(before: StoryPageRow, body: StoryPageWrite): PageValues {
    if (before.objectType !== 'cover' || body.object_type !== 'cover')
      throw unprocessable(messages.storyCoverPageOnly);
    const title =
      body.title.trim() || (typeof body.metadata.title === 'string' ? body.metadata.title.trim() : '');
    return {
      index: body.index,
      objectId: before.objectId,
      objectType: 'cover',
      title,
      subtitle: body.subtitle.trim(),
      image: before.image,
      poster: before.poster,
      thumbnail: before.thumbnail,
      layout: before.layout,
      blurb: before.blurb,
      duration: before.duration,
      videoUrl: before.videoUrl,
      metadata: before.metadata,
    };
  }

  /**
   * A story published before snapshots were stored (the demo seed) has no record of what its publish
   * showed. Its pages as they stand before the first change are the best record there is, so they
   * are frozen as its snapshot then (the caller holds the story's row lock).
   */
  private async freezeLegacy(repo: StoryRepository, story: StoryRow): Promise<StoryRow> {
    if (story.state !== 'published' || story.publishedSnapshot) return story;
    const pages = (await repo.pagesOf([story.id])).get(story.id) ?? [];
    const values = {
      publishedSnapshot: snapshotOf(story.title, await repo.publisherName(story.publisherId), pages),
      publishedVersionAt: story.updatedAt,
    };
    await repo.updateStory(story.id, values);
    return { ...story, ...values };
  }

  /**
   * The public AMP document of a published story: rendered from the last publish's snapshot only, so
   * changes made since stay private until the next publish. Null when the story is not published.
   */
  async publicHtml(storyId: number, origin: string): Promise<string | null> {
    const repo = new StoryRepository(this.db);
    let story = await repo.findPublished(storyId);
    if (!story) return null;
    if (!story.publishedSnapshot) {
      story = await this.db.transaction(async (tx) => {
        const locked = new StoryRepository(tx);
        const row = await locked.find(story!.publisherId, storyId, true);
        return row ? this.freezeLegacy(locked, row) : null;
      });
      if (!story?.publishedSnapshot) return null;
    }
    return renderSnapshot(story.publishedSnapshot!, {
      canonicalUrl: origin + storyLinkPath(story.id),
      media: this.media,
      origin,
    });
  }

  private async lockedStory(repo: StoryRepository, publisherId: number, id: number): Promise<StoryRow> {
    const story = await repo.find(publisherId, id, true);
    if (!story) throw notFound();
    return story;
  }

  /** POST stamp/stories/create: a new draft story. */
  async create(actor: Actor, title: string): Promise<StoryRow> {
    return this.db.transaction(async (tx) => {
      const repo = new StoryRepository(tx);
      const row = await repo.insertStory({ publisherId: actor.publisherId, title, state: 'draft' });
      await writeAudit(tx, {
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: 'create',
        objectType: 'story',
        objectId: String(row.id),
        payload: { after: { title } },
      });
      return row;
    });
  }

  /** POST stamp/stories/page/create: a page appended to the story (which counts as changed). */
  async createPage(actor: Actor, body: StoryPageWrite, origin: string): Promise<StoryPageRow> {
    const storyId = body.story_id ?? body.apv_story_id;
    if (storyId === undefined) throw unprocessable(storyErrors.storyIdRequired);
    return this.db.transaction(async (tx) => {
      const repo = new StoryRepository(tx);
      const story = await this.lockedStory(repo, actor.publisherId, storyId);
      await this.freezeLegacy(repo, story);
      const values = await this.pageValues(repo, actor, body, origin);
      const existing = (await repo.pagesOf([story.id])).get(story.id) ?? [];
      const ordinal = existing.reduce((max, p) => Math.max(max, p.ordinal + 1), 0);
      const row = await repo.insertPage({ ...values, storyId: story.id, ordinal });
      await repo.updateStory(story.id, { updatedAt: nextUpdatedAt(story.updatedAt) });
      await writeAudit(tx, {
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: 'create',
        objectType: 'story_page',
        objectId: String(row.id),
        payload: { story_id: story.id, after: pageSummary(values) },
      });
      return row;
    });
  }

  /** POST stamp/stories/page/update/{id}. */
  async updatePage(
    actor: Actor,
    pageId: number,
    body: StoryPageWrite,
    origin: string,
  ): Promise<StoryPageRow> {
    return this.db.transaction(async (tx) => {
      const repo = new StoryRepository(tx);
      const before = await repo.page(actor.publisherId, pageId);
      if (!before) throw notFound();
      // A video page stays out of reach of users without the role, even to edit.
      if (before.objectType === 'video' && !actor.canVideo) throw forbidden();
      const story = await this.lockedStory(repo, actor.publisherId, before.storyId);
      await this.freezeLegacy(repo, story);
      const values =
        before.objectType === 'cover' || body.object_type === 'cover'
          ? this.coverValues(before, body)
          : await this.pageValues(repo, actor, body, origin);
      const row = await repo.updatePage(pageId, values);
      await repo.updateStory(story.id, { updatedAt: nextUpdatedAt(story.updatedAt) });
      await writeAudit(tx, {
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: 'update',
        objectType: 'story_page',
        objectId: String(pageId),
        payload: { story_id: story.id, before: pageSummary(before), after: pageSummary(values) },
      });
      return row;
    });
  }

  /** POST stamp/stories/page/remove/{id}. */
  async removePage(actor: Actor, pageId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = new StoryRepository(tx);
      const before = await repo.page(actor.publisherId, pageId);
      if (!before) throw notFound();
      if (before.objectType === 'video' && !actor.canVideo) throw forbidden();
      const story = await this.lockedStory(repo, actor.publisherId, before.storyId);
      await this.freezeLegacy(repo, story);
      await repo.deletePage(pageId);
      await repo.updateStory(story.id, { updatedAt: nextUpdatedAt(story.updatedAt) });
      await writeAudit(tx, {
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: 'delete',
        objectType: 'story_page',
        objectId: String(pageId),
        payload: { story_id: story.id, before: pageSummary(before) },
      });
    });
  }

  /** The AMP document of a stored story with its stored pages as they are now (the editor's preview). */
  async renderStored(repo: StoryRepository, story: StoryRow, pages: StoryPageRow[], origin: string) {
    const snapshot = snapshotOf(story.title, await repo.publisherName(story.publisherId), pages);
    return renderSnapshot(snapshot, {
      canonicalUrl: origin + storyLinkPath(story.id),
      media: this.media,
      origin,
    });
  }

  /**
   * POST stamp/stories/save: publish. The client's updated_at must be the stored one (else 409, the
   * 'newer version' case); the listed pages take their order from the list; the html is rendered,
   * stored and returned.
   */
  async publish(actor: Actor, body: StorySave, origin: string): Promise<{ html: string; story: StoryRow }> {
    return this.db.transaction(async (tx) => {
      const repo = new StoryRepository(tx);
      const before = await this.lockedStory(repo, actor.publisherId, body.story.id);
      if (body.story.updated_at !== dateToSeconds(before.updatedAt)) throw conflict(storyErrors.stale);
      let pages = (await repo.pagesOf([before.id])).get(before.id) ?? [];
      const byId = new Map(pages.map((p) => [p.id, p]));
      const order = body.pages.map((p) => p.id);
      if (order.some((id) => !byId.has(id))) throw unprocessable(storyErrors.pageNotInStory);
      if (new Set(order).size !== order.length) throw unprocessable(storyErrors.duplicatePage);
      const listed = new Set(order);
      const ordered = [...order.map((id) => byId.get(id)!), ...pages.filter((p) => !listed.has(p.id))];
      for (const [ordinal, page] of ordered.entries())
        if (page.ordinal !== ordinal) await repo.updatePage(page.id, { ordinal });
      pages = ordered.map((p, ordinal) => ({ ...p, ordinal }));
      if (pages.length === 0) throw unprocessable(storyErrors.noPages);

      const title = body.story.title ?? before.title;
      const first = pages[0]!;
      const after: StoryRow = {
        ...before,
        title,
        state: 'published',
        link: before.link ?? storyLinkPath(before.id),
        thumbnailPath: first.image ?? first.poster ?? before.thumbnailPath,
        updatedAt: nextUpdatedAt(before.updatedAt),
      };
      const snapshot = snapshotOf(title, await repo.publisherName(before.publisherId), pages);
      const html = renderSnapshot(snapshot, {
        canonicalUrl: origin + storyLinkPath(before.id),
        media: this.media,
        origin,
      });
      // The snapshot is what the public link shows from now on; the version stamp equal to the new
      // updated_at says "nothing changed since this publish" until the next page write moves it on.
      after.publishedSnapshot = snapshot;
      after.publishedVersionAt = after.updatedAt;
      await repo.updateStory(before.id, {
        title: after.title,
        state: after.state,
        link: after.link,
        thumbnailPath: after.thumbnailPath,
        updatedAt: after.updatedAt,
        publishedHtml: html,
        publishedSnapshot: snapshot,
        publishedVersionAt: after.publishedVersionAt,
      });
      await writeAudit(tx, {
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: 'publish',
        objectType: 'story',
        objectId: String(before.id),
        payload: {
          before: { title: before.title, state: before.state, updated_at: dateToSeconds(before.updatedAt) },
          after: { title, state: after.state, updated_at: dateToSeconds(after.updatedAt), pages: order },
        },
      });
      return { html, story: after };
    });
  }

  /**
   * POST stamp/stories/preview: the html of a draft (nothing is stored). Pages may be unsaved and
   * incomplete; their files are the publisher's uploaded objects, or URLs the renderer accepts.
   */
  async preview(
    actor: Actor,
    storyId: number,
    title: string | undefined,
    drafts: StoryDraftPage[],
    origin: string,
  ): Promise<string> {
    const repo = new StoryRepository(this.db);
    const story = await repo.find(actor.publisherId, storyId);
    if (!story) throw notFound();
    if (!actor.canVideo && drafts.some((p) => p.object_type === 'video')) throw forbidden();
    const ids = drafts.flatMap((p) => (p.object_id ? [p.object_id] : []));
    const objects = await repo.uploadedObjects(actor.publisherId, ids);
    const pages: AmpPage[] = drafts
      .map((draft) => ({ draft, object: draft.object_id ? objects.get(draft.object_id) : undefined }))
      .sort((a, b) => a.draft.index - b.draft.index)
      .map(({ draft, object }) => {
        const video = draft.object_type === 'video';
        const meta = draft.metadata;
        const file = object ? absolute(origin, mediaRefUrl(this.media, object.path)) : null;
        return {
          objectType: draft.object_type,
          title: video && typeof meta.title === 'string' ? meta.title : draft.title,
          subtitle: draft.subtitle,
          imageUrl: video ? null : (file ?? absolute(origin, safeUrl(draft.image))),
          videoUrl: video ? (file ?? absolute(origin, safeUrl(draft.video_url ?? meta.video_url))) : null,
          posterUrl: absolute(origin, safeUrl(draft.poster)),
          layout: video ? 0 : (meta.template_options?.layout ?? draft.layout ?? 0),
          blurb: video ? 1 : (meta.template_options?.blurb ?? draft.blurb ?? 1),
          durationSeconds:
            meta.duration ??
            draft.duration ??
            (video ? VIDEO_PAGE_DEFAULT_DURATION : IMAGE_PAGE_DURATION.default),
          fields: video ? meta : {},
        };
      });
    return renderAmpStory({
      title: title ?? story.title,
      publisherName: await repo.publisherName(story.publisherId),
      canonicalUrl: origin + storyLinkPath(story.id),
      posterUrl: posterOf(pages) ?? origin + '/favicon.ico',
      pages,
    });
  }
}
