// Builds the Fastify application without starting it: tests inject into it or listen on port 0.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { warmDb } from '@hc/db/client';
import { INGEST_PREFIX } from '@hc/shared/api/ingest';
import { CONSOLE_VERSION } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import type { AppContext } from './context.ts';
import { adGridRoutes } from './features/ad-grid/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import {
  collabSocketRoutes,
  collabTicketRoutes,
  type CollabServerOptions,
} from './features/collab/routes.ts';
import { loginRoutes, sessionRoutes } from './features/auth/routes.ts';
import { embedRoutes } from './features/embed/routes.ts';
import { ingestRoutes } from './features/ingest/routes.ts';
import { dashboardArticleRoutes, highlightRoutes } from './features/highlights/routes.ts';
import { jobCenterRoutes } from './features/job-center/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { jobsDashboardRoutes } from './features/jobs-dashboard/routes.ts';
import { lockRoutes } from './features/locks/routes.ts';
import { registerLiveChannel, type LiveChannelOptions } from './features/live/socket-server.ts';
import { monetizationRoutes } from './features/monetization/routes.ts';
import { requestLogOptions, serverLoggerOptions } from './features/ops/logging.ts';
import { registerServerMetrics, ServerOps } from './features/ops/metrics.ts';
import { registerRequestIds, requestIdOf } from './features/ops/request-id.ts';
import { opsRoutes } from './features/ops/routes.ts';
import { FolderMediaStore, MEDIA_URL_PREFIX } from './features/media/store.ts';
import { packageRoutes } from './features/packages/routes.ts';
import { pendingRoutes } from './features/pending/routes.ts';
import { editorApiProxyRoutes, type ProxyOptions } from './features/proxy/routes.ts';
import { programRoutes } from './features/programs/routes.ts';
import { publisherRoutes } from './features/publishers/routes.ts';
import { publishersAdminRoutes } from './features/publishers-admin/routes.ts';
import { reportRoutes, workbookDownloadRoutes } from './features/reports/routes.ts';
import { resourceRoutes } from './features/resources/routes.ts';
import { publicStoryRoutes } from './features/stories/public.ts';
import type { PosterCheckOptions } from './features/stories/poster-check.ts';
import { storyRoutes } from './features/stories/routes.ts';
import { storyDownloadRoutes } from './features/story-downloads/routes.ts';
import { reviewRoutes } from './features/review/routes.ts';
import { syndicationRoutes } from './features/syndication/routes.ts';
import { trendRoutes } from './features/trends/routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { verticalRoutes } from './features/vertical/routes.ts';
import { authenticate } from './plugins/auth.ts';
import { registerChangeBarrier } from './plugins/cached-answers.ts';
import { registerCleanText } from './plugins/clean-text.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  /** Pino logger options, or false to stay quiet (tests). */
  logger?: boolean | { level: string };
  /** Serve the built web app (apps/web/dist) with a single-page fallback. */
  serveWeb?: boolean;
  /** Where the embed player script is read from (default: the web build); tests point it elsewhere. */
  embedScriptDir?: string;
  /**
   * Poster URL check (story video pages): tests allow one loopback port and shorten limits. Never set
   * in production, where loopback and private addresses are always refused.
   */
  posterCheck?: Partial<PosterCheckOptions>;
  /** BullMQ key prefix of the jobs the server enqueues; tests use their own (default: the deployment's). */
  jobsPrefix?: string;
  /** The co-editing server's timings (tests shorten them). */
  collab?: CollabServerOptions;
  /** The live channel's timings (tests shorten them). */
  live?: LiveChannelOptions;
  /** Proxy mode's timings (tests shorten them). */
  proxy?: ProxyOptions;
  /**
   * Metrics registry and shutdown state, made by main.ts so the embedded worker reports into the same
   * registry and the signal handler can turn /healthz to 503; each app makes its own otherwise.
   */
  ops?: ServerOps;
  /** Called for every route as it is registered (the security matrix checks it lists every route). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Open the database connections (warmDb) before listening: main.ts sets it, so a started server's first
   * requests find connections ready; tests leave it off and do not pay for connections they never use.
   */
  warmDatabase?: boolean;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === undefined || options.logger === true
        ? serverLoggerOptions(ctx.config.logLevel)
        : options.logger && serverLoggerOptions(options.logger.level),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
    frameworkErrors,
    ...requestLogOptions(),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.warmDatabase) app.addHook('onReady', () => warmDb(ctx.db));
  const ops = options.ops ?? new ServerOps();
  const jobsPrefix = options.jobsPrefix ?? ctx.deployment.jobsPrefix;
  registerRequestIds(app);
  registerServerMetrics(app, ops, {
    db: ctx.db,
    redisUrl: ctx.config.redisUrl,
    jobsPrefix,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  registerCleanText(app);
  registerSecurityHeaders(app);
  if (ctx.changes) registerChangeBarrier(app, ctx.changes);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Highlights Console editor API', version: CONSOLE_VERSION },
      components: {
        securitySchemes: {
          email: { type: 'apiKey', in: 'header', name: 'X-User-Email' },
          token: { type: 'apiKey', in: 'header', name: 'X-User-Token' },
          // The ingest API (features/ingest): the pipeline's service token.
          serviceToken: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ email: [], token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const media = new FolderMediaStore(ctx.config.mediaDir);
  const requireSession = authenticate(ctx.callers);

  // Proxy mode (EDITOR_API_UPSTREAM): the editor API is the upstream's; only the collab tickets are answered
  // here.
  if (ctx.upstream)
    await app.register(editorApiProxyRoutes, { ctx, upstream: ctx.upstream, options: options.proxy });
  else await app.register(loginRoutes, { prefix: '/api/v1/auth/editor', ctx });
  await app.register(
    async (editor) => {
      editor.addHook('onRequest', requireSession);
      if (ctx.upstream) return editor.register(collabTicketRoutes, { ctx });
      await editor.register(sessionRoutes, { ctx });
      await editor.register(publisherRoutes, { ctx });
      await editor.register(highlightRoutes, { ctx, media });
      await editor.register(verticalRoutes, { ctx, media, jobsPrefix });
      await editor.register(packageRoutes, { ctx, media });
      await editor.register(syndicationRoutes, { ctx, media });
      await editor.register(trendRoutes, { ctx });
      await editor.register(resourceRoutes, { ctx, media });
      await editor.register(auditRoutes, { ctx });
      await editor.register(storyRoutes, { ctx, media, posterCheck: options.posterCheck });
      await editor.register(storyDownloadRoutes, { ctx, media, jobsPrefix });
      await editor.register(uploadRoutes, { ctx, media });
      await editor.register(reviewRoutes, { ctx, media });
      await editor.register(lockRoutes, { ctx });
      await editor.register(pendingRoutes, { ctx });
      await editor.register(publishersAdminRoutes, { ctx, media });
      await editor.register(adGridRoutes, { ctx, jobsPrefix });
      await editor.register(reportRoutes, { ctx, jobsPrefix });
      await editor.register(monetizationRoutes, { ctx });
      await editor.register(jobCenterRoutes, { ctx, jobsPrefix });
      await editor.register(searchRoutes, { ctx });
      await editor.register(collabTicketRoutes, { ctx });
    },
    { prefix: '/api/v1/editor' },
  );
  await app.register(
    async (dashboard) => {
      if (ctx.upstream) return;
      dashboard.addHook('onRequest', requireSession);
      await dashboard.register(dashboardArticleRoutes, { ctx, media });
      await dashboard.register(programRoutes, { ctx, media });
    },
    { prefix: '/api/v2/dashboard' },
  );

  // The ingest API: the highlight pipeline feeds articles, highlights, programs and vertical tasks
  // with a service token (never a user session).
  await app.register(ingestRoutes, { prefix: INGEST_PREFIX, ctx, jobsPrefix });

  // The public embed: showreel data and player script for publishers' pages (no session, CORS *).
  // In proxy mode this and the public story pages are the upstream's (forwarded).
  if (!ctx.upstream)
    await app.register(embedRoutes, {
      prefix: '/embed',
      ctx,
      media,
      scriptDir: options.embedScriptDir ?? path.join(webDistDir, 'embed'),
    });

  // Report workbook downloads: the short-lived random token in the link is the permission (new tab).
  if (!ctx.upstream) await app.register(workbookDownloadRoutes, { prefix: '/files/workbooks', ctx });

  // The admin job dashboard (bull-board): its own cookie session check, admins only.
  await app.register(jobsDashboardRoutes, { ctx, jobsPrefix });

  // The live channel (socket.io): pushed counts, lock changes, job progress.
  await registerLiveChannel(app, ctx, options.live, ops);

  // Co-editing of package and story drafts (y-websocket at /collab/:doc; its ticket is the permission).
  await app.register(collabSocketRoutes, { ctx, options: options.collab, ops });

  // Probes and metrics (no session): /healthz, /readyz, /metrics.
  await app.register(opsRoutes, {
    ops,
    db: ctx.db,
    redis: ctx.redis,
    metricsToken: ctx.config.metricsToken,
    metricsOpenWithoutToken: ctx.config.seedDemo,
  });

  // Public AMP links of published stories (no session).
  if (!ctx.upstream) await app.register(publicStoryRoutes, { prefix: '/stories', ctx, media });

  // Published media (APVs are public content embedded on publishers' sites): range requests, no listing.
  // In proxy mode the media are the upstream's (forwarded).
  if (!ctx.upstream)
    await app.register(fastifyStatic, {
      root: ctx.config.mediaDir,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      maxAge: '1h',
      // Embedded players on publishers' sites load these in anonymous CORS mode (no cookies).
      setHeaders: (reply) => {
        reply.header('access-control-allow-origin', '*');
      },
    });

  const serveWeb = options.serveWeb === true;
  if (serveWeb) {
    // Files are looked up per request (wildcard), and the shell's presence is checked per request too:
    // a web build made while the server runs is served without a restart, and one in progress is a 404,
    // not a crash.
    mkdirSync(webDistDir, { recursive: true });
    await app.register(fastifyStatic, { root: webDistDir, prefix: '/', index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes: any other GET that wants HTML gets the app shell.
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url.startsWith('/api/') || request.url.startsWith(MEDIA_URL_PREFIX);
    if (serveWeb && wantsHtml && !isApi && existsSync(path.join(webDistDir, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html', webDistDir);
    }
    return reply.status(404).send({ success: false, errors: [messages.notFound] });
  });
  return app;
}
