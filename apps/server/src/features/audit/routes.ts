// POST audit_log/create: an entry a browser adds to the append-only audit log. Browsers send only the
// frame editor's edit log (object_type 'vertical_video', the editor's action names): anything else is
// refused, so nobody can put invented actions on record under their own name. Each entry is small
// (CLIENT_AUDIT_PAYLOAD_MAX_BYTES), counted per user (CLIENT_AUDIT_RATE) and stored with source 'client',
// so a reader can tell what the server did from what a browser said it did.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogCreatedSchema, auditLogCreateSchema } from '@hc/shared/api/audit';
import { okEnvelope } from '@hc/shared/api/envelope';
import { CLIENT_AUDIT_BODY_MAX_BYTES } from '@hc/shared/constants';
import { auditTooFast } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordEditLogEntry } from '../vertical/edit-log.ts';
import { AuditRateLimiter } from './rate-limit.ts';

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new AuditRateLimiter(ctx.redis);

  api.post(
    '/audit_log/create',
    {
      schema: { body: auditLogCreateSchema, response: { 201: okEnvelope(auditLogCreatedSchema) } },
      // A body far past the payload bound is refused before it is parsed.
      bodyLimit: CLIENT_AUDIT_BODY_MAX_BYTES,
      // Every attempt counts, valid or not, before its body is validated: a flood of refused entries
      // costs its sender the same as a flood of accepted ones.
      preValidation: async (request, reply) => {
        const wait = await limiter.take(callerOf(request).userId);
        if (wait > 0) {
          void reply.header('retry-after', String(wait));
          throw new HttpError(429, [auditTooFast(wait)]);
        }
      },
    },
    async (request, reply) => {
      const id = await recordEditLogEntry(ctx, callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: { id } });
    },
  );
}
