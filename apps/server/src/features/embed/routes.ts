// The public embed (the publishers' embed page): the showreel data of an Active package and the player
// script, for pages on any origin. No session hook on this prefix, CORS '*', no credentials, never a
// cookie, short public caching (so nothing in an answer comes from the caller's headers).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  embedPackageParamsSchema,
  embedPackageQuerySchema,
  embedPackageSchema,
} from '@hc/shared/api/packages';
import { MP4_SUFFIX } from '@hc/shared/constants';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { videoUrlOf, type MediaStore } from '../media/store.ts';
import { PackageRepository } from '../packages/repo.ts';

interface Options {
  ctx: AppContext;
  media: MediaStore;
  /** The folder of player.js: apps/web/dist/embed, the web build's embed entry. */
  scriptDir: string;
}

export const EMBED_DATA_MAX_AGE_SECONDS = 60;
export const EMBED_SCRIPT_MAX_AGE_SECONDS = 300;

export async function embedRoutes(app: FastifyInstance, { ctx, media, scriptDir }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PackageRepository(ctx.db);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.removeHeader('access-control-allow-credentials');
    reply.removeHeader('set-cookie');
    // Failures are not cached: a package activated a moment later must show at once.
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
  });

  api.get(
    '/v1/packages/:embedId',
    {
      schema: {
        params: embedPackageParamsSchema,
        querystring: embedPackageQuerySchema,
        response: { 200: embedPackageSchema },
      },
    },
    async (request, reply) => {
      const row = await repo.findActive(request.query.account, request.params.embedId);
      if (!row) throw notFound();
      const items = (await repo.highlightsOf([row.embedId])).get(row.embedId) ?? [];
      // The player runs on the publisher's page: absolute URLs from PUBLIC_BASE_URL, or relative ones the
      // player resolves against the address it read this from. Never from the Host header: this answer is
      // cached publicly, so a forged Host would send every later reader's player to that host.
      const origin = ctx.config.publicBaseUrl ?? '';
      reply.header('cache-control', `public, max-age=${EMBED_DATA_MAX_AGE_SECONDS}`);
      return {
        embed_id: row.embedId,
        name: row.name,
        highlights: items.map((h) => ({
          id: h.highlightId,
          title: h.title,
          video_url: origin + videoUrlOf(media, h.videoPath) + MP4_SUFFIX,
          thumbnail: origin + media.url(h.thumbnailPath),
        })),
      };
    },
  );

  // The player script, read per request so a rebuilt web app is served without a restart.
  app.get('/player.js', async (request, reply) => {
    const file = path.join(scriptDir, 'player.js');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${EMBED_SCRIPT_MAX_AGE_SECONDS}`)
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.header('content-length', info.size).send(createReadStream(file));
  });
}
