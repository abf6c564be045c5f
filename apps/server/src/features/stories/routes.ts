// AMP stories (the spec's Stories calls): list, one story, create, page create, update,
// remove and get, publish (save), preview (draft POST and stored GET) and mock_story. Role
// stamp_manager (admin passes); video pages need create_new_video_page. Everything is scoped to the
// caller's publisher: another publisher's story or page is a 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import { idParamsSchema } from '@hc/shared/api/common';
import {
  storyCreateSchema,
  storyHtmlSchema,
  storyExportQuerySchema,
  storyListQuerySchema,
  storyListSchema,
  storyPageRemovedSchema,
  storyPageSchema,
  storyPageWriteSchema,
  storyPosterCheckedSchema,
  storyPosterCheckSchema,
  storyPreviewSchema,
  storyPublishedSchema,
  storySaveSchema,
  storySchema,
  type Story,
} from '@hc/shared/api/stories';
import { messages } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { csvDate, sendCsv, type CsvColumn } from '../../infra/csv-export.ts';
import { notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { MediaStore } from '../media/store.ts';
import { VIDEO_FORM_FIELDS } from './form-fields.ts';
import {
  checkOwnMediaPoster,
  checkPosterUrl,
  POSTER_CHECK_DEFAULTS,
  type PosterCheckOptions,
} from './poster-check.ts';
import { presentPage, presentStory } from './presenter.ts';
import { StoryRepository, type StoryRow } from './repo.ts';
import { StoryService, type Actor } from './service.ts';

const STORY_CSV_COLUMNS: CsvColumn<Story>[] = [
  { header: 'Id', value: (s) => s.id },
  { header: 'Title', value: (s) => s.title },
  { header: 'State', value: (s) => s.state },
  { header: 'Created (UTC)', value: (s) => csvDate(s.created_at) },
  { header: 'Updated (UTC)', value: (s) => csvDate(s.updated_at) },
  { header: 'Link', value: (s) => s.link },
];

interface Options {
  ctx: AppContext;
  media: MediaStore;
  /** Poster URL check limits; tests open one loopback port here (never set in production). */
  posterCheck?: Partial<PosterCheckOptions> | undefined;
}

const canVideo = (caller: AuthContext) => caller.isAdmin || caller.roles.includes('create_new_video_page');

const actorOf = (request: FastifyRequest): Actor => {
  const caller = callerOf(request);
  return { userId: caller.userId, publisherId: caller.publisherId, canVideo: canVideo(caller) };
};

/** Absolute links are built from the request (X-Forwarded-* only with TRUST_PROXY). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function storyRoutes(app: FastifyInstance, { ctx, media, posterCheck }: Options) {
  // The role check comes before validation: without the permission, nothing about the input is said.
  app.addHook('onRequest', requireRoles('stamp_manager'));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new StoryRepository(ctx.db);
  const posterOptions = { ...POSTER_CHECK_DEFAULTS, ...posterCheck };
  // A poster on our own media store is checked on disk; any other goes through the guarded fetch.
  const service = new StoryService(ctx.db, media, async (url, origin) => {
    const own = await checkOwnMediaPoster(url, origin, media);
    return own !== undefined ? own : checkPosterUrl(url, posterOptions);
  });

  const present = async (request: FastifyRequest, rows: StoryRow[]): Promise<Story[]> => {
    const pages = await repo.pagesOf(rows.map((r) => r.id));
    const fields = actorOf(request).canVideo ? VIDEO_FORM_FIELDS : [];
    return rows.map((row) => presentStory(row, pages.get(row.id) ?? [], fields, media, originOf(request)));
  };

  const load = async (request: FastifyRequest, id: number): Promise<Story> => {
    const row = await repo.find(callerOf(request).publisherId, id);
    if (!row) throw notFound();
    const [story] = await present(request, [row]);
    return story!;
  };

  api.get(
    '/stamp/stories',
    { schema: { querystring: storyListQuerySchema, response: { 200: okEnvelope(storyListSchema) } } },
    async (request) => {
      const page = await repo.list(callerOf(request).publisherId, request.query);
      return {
        success: true as const,
        data: { stories: await present(request, page.rows), count: page.count },
      };
    },
  );

  api.get(
    '/stamp/stories/export.csv',
    { schema: { querystring: storyExportQuerySchema } },
    (request, reply) =>
      sendCsv(reply, 'stories.csv', STORY_CSV_COLUMNS, async (page, per) => {
        const rows = await repo.list(callerOf(request).publisherId, { ...request.query, page, per });
        return present(request, rows.rows);
      }),
  );

  api.get(
    '/stamp/stories/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(storySchema) } } },
    async (request) => ({ success: true as const, data: await load(request, request.params.id) }),
  );

  api.post(
    '/stamp/stories/create',
    { schema: { body: storyCreateSchema, response: { 201: okEnvelope(storySchema) } } },
    async (request, reply) => {
      const row = await service.create(actorOf(request), request.body.title);
      return reply.status(201).send({ success: true as const, data: await load(request, row.id) });
    },
  );

  api.post(
    '/stamp/stories/save',
    { schema: { body: storySaveSchema, response: { 200: okEnvelope(storyPublishedSchema) } } },
    async (request) => {
      // The html answered is the public page, so its links are the public page's: from PUBLIC_BASE_URL (or
      // relative), never from this request's Host.
      const { html, story } = await service.publish(
        actorOf(request),
        request.body,
        ctx.config.publicBaseUrl ?? '',
      );
      return { success: true as const, data: { html, story: await load(request, story.id) } };
    },
  );

  api.post(
    '/stamp/stories/preview',
    { schema: { body: storyPreviewSchema, response: { 200: okEnvelope(storyHtmlSchema) } } },
    async (request) => {
      const { story, pages } = request.body;
      const html = await service.preview(actorOf(request), story.id, story.title, pages, originOf(request));
      return { success: true as const, data: { html } };
    },
  );

  api.get(
    '/stamp/stories/preview/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(storyHtmlSchema) } } },
    async (request) => {
      const row = await repo.find(callerOf(request).publisherId, request.params.id);
      if (!row) throw notFound();
      const pages = (await repo.pagesOf([row.id])).get(row.id) ?? [];
      const html = await service.renderStored(repo, row, pages, originOf(request));
      return { success: true as const, data: { html } };
    },
  );

  api.post(
    '/stamp/stories/page/create',
    { schema: { body: storyPageWriteSchema, response: { 201: okEnvelope(storyPageSchema) } } },
    async (request, reply) => {
      const row = await service.createPage(actorOf(request), request.body, originOf(request));
      return reply.status(201).send({ success: true as const, data: presentPage(row, media) });
    },
  );

  api.post(
    '/stamp/stories/page/update/:id',
    {
      schema: {
        params: idParamsSchema,
        body: storyPageWriteSchema,
        response: { 200: okEnvelope(storyPageSchema) },
      },
    },
    async (request) => {
      const row = await service.updatePage(
        actorOf(request),
        request.params.id,
        request.body,
        originOf(request),
      );
      return { success: true as const, data: presentPage(row, media) };
    },
  );

  // The editor checks a poster URL here while the user types: the browser cannot load another site's
  // image under the console's content policy, so the server does it, guarded as for a page save.
  api.post(
    '/stamp/stories/poster/check',
    { schema: { body: storyPosterCheckSchema, response: { 200: okEnvelope(storyPosterCheckedSchema) } } },
    async (request) => ({
      success: true as const,
      data: { poster: await service.checkPosterAlone(request.body.poster, originOf(request)) },
    }),
  );

  api.post(
    '/stamp/stories/page/remove/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(storyPageRemovedSchema) } } },
    async (request) => {
      await service.removePage(actorOf(request), request.params.id);
      return { success: true as const, data: { message: messages.storyPageDeleted } };
    },
  );

  api.get(
    '/stamp/stories/page/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(storyPageSchema) } } },
    async (request) => {
      const row = await repo.page(callerOf(request).publisherId, request.params.id);
      if (!row) throw notFound();
      return { success: true as const, data: presentPage(row, media) };
    },
  );

  // The mock story: the story as the editor's preview column shows it before it has pages — a story
  // without pages gets one cover page of its title (id 0, never stored).
  api.get(
    '/stamp/mock_story/:id',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(storySchema) } } },
    async (request) => {
      const story = await load(request, request.params.id);
      if (story.pages.length > 0) return { success: true as const, data: story };
      const cover = {
        id: 0,
        index: 0,
        ordinal: 0,
        object_id: null,
        object_type: 'cover' as const,
        story_id: story.id,
        apv_story_id: story.id,
        title: story.title,
        subtitle: '',
        image: null,
        poster: null,
        thumbnail: null,
        layout: 0,
        blurb: 1,
        duration: 15,
        active: true,
        video_url: null,
        metadata: { duration: 15, template_options: { layout: 0 as const, blurb: 1 as const } },
      };
      return { success: true as const, data: { ...story, pages: [cover] } };
    },
  );
}
