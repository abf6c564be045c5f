// POST audit_log/create (spec 000 §7): a client-side action recorded for the caller's publisher.
// Any logged-in user may record (post-on-google, package editor actions); frame-editor entries
// (object_type 'vertical_video') are the vertical tool's: also kept in edit_log, for its editors only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schema } from '@hc/db/schema';
import { okEnvelope } from '@hc/shared/api/envelope';
import { auditLogCreatedSchema, auditLogCreateSchema } from '@hc/shared/api/packages';
import { EDIT_LOG_OBJECT_TYPE } from '@hc/shared/api/vertical';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordEditLogEntry } from '../vertical/edit-log.ts';

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/audit_log/create',
    { schema: { body: auditLogCreateSchema, response: { 201: okEnvelope(auditLogCreatedSchema) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.body.object_type === EDIT_LOG_OBJECT_TYPE) {
        const id = await recordEditLogEntry(ctx, caller, request.body);
        return reply.status(201).send({ success: true as const, data: { id } });
      }
      const { payload, action_name, object_id, object_type } = request.body;
      const [row] = await ctx.db
        .insert(schema.auditLog)
        .values({
          publisherId: caller.publisherId,
          userId: caller.userId,
          actionName: action_name,
          objectId: object_id,
          objectType: object_type,
          payload,
        })
        .returning({ id: schema.auditLog.id });
      return reply.status(201).send({ success: true as const, data: { id: row!.id } });
    },
  );
}
