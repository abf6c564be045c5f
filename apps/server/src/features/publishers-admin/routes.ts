// Publishers admin: create a publisher, switch its APV / Editor flags, upload and
// list splash images. Admins only (403 before anything about the input is said); every change writes
// its audit_log entry in the same transaction. The list itself is GET publishers_with_config/.
// The calls are parsed here and answered by service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  newPublisherBodySchema,
  productStatusBodySchema,
  publisherAdminRowSchema,
  splashImageSchema,
  splashUploadBodySchema,
} from '@hc/shared/api/publishers-admin';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import type { MediaStore } from '../media/store.ts';
import type { SplashImageRow } from './repo.ts';
import { PublishersAdminService } from './service.ts';

/** A base64 text of a 2 MB image is about 2.7 MB. */
const SPLASH_BODY_LIMIT = 3 * 1024 * 1024;

export async function publishersAdminRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  app.addHook('onRequest', requireRoles());
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = new PublishersAdminService(ctx);

  api.post(
    '/publishers/new',
    { schema: { body: newPublisherBodySchema, response: { 201: okEnvelope(publisherAdminRowSchema) } } },
    async (request, reply) => {
      const row = await admin.create(request.body, callerOf(request).userId);
      return reply.status(201).send({ success: true as const, data: row });
    },
  );

  api.post(
    '/publisher_product_status',
    { schema: { body: productStatusBodySchema, response: { 200: okEnvelope(publisherAdminRowSchema) } } },
    async (request) => ({
      success: true as const,
      data: await admin.setProductStatus(request.body, callerOf(request).userId),
    }),
  );

  const splashOf = (row: SplashImageRow) => ({
    id: row.id,
    publisher_id: row.publisherId,
    url: media.url(row.path),
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  });

  api.post(
    '/publishers_upload_splash/',
    {
      bodyLimit: SPLASH_BODY_LIMIT,
      schema: { body: splashUploadBodySchema, response: { 201: okEnvelope(splashImageSchema) } },
    },
    async (request, reply) => {
      const { publisher_id: publisherId, splash_base64: base64 } = request.body;
      const row = await admin.uploadSplash(publisherId, base64, callerOf(request).userId);
      return reply.status(201).send({ success: true as const, data: splashOf(row) });
    },
  );

  api.get(
    '/publishers/:id/splash_images/',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(z.array(splashImageSchema)) } } },
    async (request) => ({
      success: true as const,
      data: (await admin.splashImages(request.params.id)).map(splashOf),
    }),
  );
}
