// The public AMP link of a published story: GET /stories/{id}.html, no session. It serves the html
// stored by the last publish, with a policy that lets the AMP runtime (and nothing else) run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@hc/shared/api/common';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { StoryRepository } from './repo.ts';
import { StoryService } from './service.ts';

const AMP_CDN = 'https://cdn.ampproject.org';

/** Scripts only from the AMP CDN; media from us or any https host (poster URLs are external). */
export const AMP_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${AMP_CDN}`,
  `style-src 'unsafe-inline' ${AMP_CDN}`,
  "img-src 'self' https: data:",
  "media-src 'self' https:",
  `connect-src 'self' ${AMP_CDN}`,
  `frame-src ${AMP_CDN}`,
  "font-src 'self' https:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const PUBLIC_STORY_MAX_AGE_SECONDS = 60;

export async function publicStoryRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new StoryRepository(ctx.db);
  const service = new StoryService(ctx.db, media);

  // Runs after the global security headers (child hooks come later), so this policy wins here.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    else reply.header('content-security-policy', AMP_CONTENT_SECURITY_POLICY);
  });

  api.get('/:id.html', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const row = await repo.findPublished(request.params.id);
    if (!row) throw notFound();
    // Stories published before html was stored (the demo seed) are rendered from their pages.
    const html =
      row.publishedHtml ??
      (await service.renderStored(
        repo,
        row,
        (await repo.pagesOf([row.id])).get(row.id) ?? [],
        // A public, cached page: links from PUBLIC_BASE_URL (or relative), never from the Host header.
        ctx.config.publicBaseUrl ?? '',
      ));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', `public, max-age=${PUBLIC_STORY_MAX_AGE_SECONDS}`)
      .send(html);
  });
}
