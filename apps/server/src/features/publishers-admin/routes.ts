// Publishers admin: create a publisher, switch its APV / Editor flags, upload and
// list splash images. Admins only (403 before anything about the input is said); every change writes
// its audit_log entry in the same transaction. The list itself is GET publishers_with_config/.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { indexOrders } from '@hc/db/order';
import { z } from 'zod';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { idParamsSchema } from '@hc/shared/api/common';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  newPublisherBodySchema,
  newPublisherError,
  productStatusBodySchema,
  publisherAdminRowSchema,
  splashImageSchema,
  splashUploadBodySchema,
} from '@hc/shared/api/publishers-admin';
import { messages } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { PublisherRepository } from '../publishers/repo.ts';
import { decodeSplash, storeSplash } from './splash.ts';
import { writeAudit } from '../audit/writer.ts';

const { publishers, splashImages } = schema;

/** A base64 text of a 2 MB image is about 2.7 MB. */
const SPLASH_BODY_LIMIT = 3 * 1024 * 1024;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function audit(
  tx: Tx,
  entry: { publisherId: number; userId: number; action: string; objectId: number; payload: unknown },
) {
  await writeAudit(tx, {
    publisherId: entry.publisherId,
    userId: entry.userId,
    actionName: entry.action,
    objectType: 'publisher',
    objectId: String(entry.objectId),
    payload: entry.payload,
  });
}

export async function publishersAdminRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStore },
) {
  app.addHook('onRequest', requireRoles());
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new PublisherRepository(ctx.db);

  const rowOf = async (id: number) => {
    const [row] = await repo.infos([id]);
    if (!row) throw notFound();
    return row;
  };

  api.post(
    '/publishers/new',
    { schema: { body: newPublisherBodySchema, response: { 201: okEnvelope(publisherAdminRowSchema) } } },
    async (request, reply) => {
      const error = newPublisherError(request.body);
      if (error) throw badRequest(error);
      const caller = callerOf(request);
      const id = Number(String(request.body.pub_id).trim());
      const name = String(request.body.pub_name).trim();
      const homeUrl = String(request.body.home_url).trim();
      const created = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(publishers)
          // The account key publishers paste into their embed snippets: random, never derived.
          .values({ id, name, homeUrl, key: randomBytes(12).toString('hex') })
          .onConflictDoNothing({ target: publishers.id })
          .returning({ id: publishers.id });
        if (!row) return false;
        await audit(tx, {
          publisherId: id,
          userId: caller.userId,
          action: 'publisher_create',
          objectId: id,
          payload: { pub_name: name, pub_id: id, home_url: homeUrl },
        });
        return true;
      });
      if (!created) throw conflict(messages.publisherExists);
      return reply.status(201).send({ success: true as const, data: await rowOf(id) });
    },
  );

  api.post(
    '/publisher_product_status',
    { schema: { body: productStatusBodySchema, response: { 200: okEnvelope(publisherAdminRowSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const { publisher_id: id, product, status } = request.body;
      const column = product === 'apv' ? 'apvEnabled' : 'editorEnabled';
      const found = await ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ value: publishers[column] })
          .from(publishers)
          .where(eq(publishers.id, id))
          .for('update');
        if (!before) return false;
        await tx
          .update(publishers)
          .set({ [column]: status })
          .where(eq(publishers.id, id));
        await audit(tx, {
          publisherId: id,
          userId: caller.userId,
          action: 'publisher_product_status',
          objectId: id,
          payload: { product, status: [before.value, status] },
        });
        return true;
      });
      if (!found) throw notFound();
      return { success: true as const, data: await rowOf(id) };
    },
  );

  const splashOf = (row: typeof splashImages.$inferSelect) => ({
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
      const caller = callerOf(request);
      const { publisher_id: publisherId } = request.body;
      const bytes = decodeSplash(request.body.splash_base64);
      await rowOf(publisherId);
      const stored = await storeSplash(ctx.config.mediaDir, publisherId, bytes);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const [inserted] = await tx.insert(splashImages).values({ publisherId, path: stored }).returning();
          await audit(tx, {
            publisherId,
            userId: caller.userId,
            action: 'splash_image_upload',
            objectId: publisherId,
            payload: { splash_image_id: inserted!.id, bytes: bytes.length },
          });
          return inserted!;
        });
        return reply.status(201).send({ success: true as const, data: splashOf(row) });
      } catch (error) {
        // No row, no file: a failed insert leaves nothing behind on the store.
        await rm(path.join(ctx.config.mediaDir, stored), { force: true });
        throw error;
      }
    },
  );

  api.get(
    '/publishers/:id/splash_images/',
    { schema: { params: idParamsSchema, response: { 200: okEnvelope(z.array(splashImageSchema)) } } },
    async (request) => {
      await rowOf(request.params.id);
      const rows = await ctx.db
        .select()
        .from(splashImages)
        .where(eq(splashImages.publisherId, request.params.id))
        .orderBy(...indexOrders([splashImages.createdAt, splashImages.id], 'desc'))
        .limit(100);
      return { success: true as const, data: rows.map(splashOf) };
    },
  );
}
