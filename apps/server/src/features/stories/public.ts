// The public AMP link of a published story: GET /stories/{id}.html, no session. It serves the story as
// its last publish froze it, with a policy that lets the AMP runtime (and nothing else) run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@hc/shared/api/common';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
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
  const service = new StoryService(ctx.db, media);

  // Runs after the global security headers (child hooks come later), so this policy wins here.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    else reply.header('content-security-policy', AMP_CONTENT_SECURITY_POLICY);
  });

  api.get('/:id.html', { schema: { params: idParamsSchema } }, async (request, reply) => {
    // Only what the last publish froze is public: edits since then wait for the next publish.
    const html = await service.publicHtml(
      request.params.id,
      // A public, cached page: links from PUBLIC_BASE_URL (or relative), never from the Host header.
      ctx.config.publicBaseUrl ?? '',
    );
    if (html === null) throw notFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', `public, max-age=${PUBLIC_STORY_MAX_AGE_SECONDS}`)
      .send(html);
  });
}
