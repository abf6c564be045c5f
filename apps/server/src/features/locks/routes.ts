// Task-lock calls, the same four for vertical tasks and review-queue articles:
//   POST   {task}/lock            take the lease (409 'This task is being reviewed by {email}.')
//   POST   {task}/lock/heartbeat  renew it, body {fence} (409 once it lapsed or was taken over)
//   DELETE {task}/lock            release it, {fence} in the body or the query (a keepalive fetch)
//   POST   {task}/lock/break      an admin frees it whoever holds it
// Role and scope as the task's own calls: vertical tasks the review permission, articles the reviewer
// role (admins pass both).
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  articleLockParamsSchema,
  lockFenceSchema,
  optionalLockFenceSchema,
  taskLockSchema,
  verticalTaskLockParamsSchema,
  type TaskLock,
} from '@hc/shared/api/locks';
import type { LockKind } from '@hc/shared/live/events';
import type { AppContext } from '../../context.ts';
import { callerOf, requireRoles } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { REVIEW_ROLE } from '../review/repo.ts';
import { requirePermission } from '../vertical/scope.ts';
import { TaskLockService } from './service.ts';

const ok = (data: TaskLock) => ({ success: true as const, data });

const requireVerticalReview = async (request: FastifyRequest) =>
  requirePermission(callerOf(request), 'review');

export async function lockRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const locks = new TaskLockService(ctx);
  const response = { 200: okEnvelope(taskLockSchema) };

  /** `idOf` reads the task id from the validated params (re-parsed: their type is generic here). */
  function lockCalls(
    kind: LockKind,
    path: string,
    params: z.ZodType,
    idOf: (params: unknown) => number,
    guard: onRequestAsyncHookHandler,
  ) {
    api.post(path, { onRequest: guard, schema: { params, response } }, async (request) =>
      ok(await locks.acquire(callerOf(request), kind, idOf(request.params))),
    );

    api.post(
      `${path}/heartbeat`,
      { onRequest: guard, schema: { params, body: lockFenceSchema, response } },
      async (request) =>
        ok(await locks.heartbeat(callerOf(request), kind, idOf(request.params), request.body.fence)),
    );

    api.delete(
      path,
      {
        onRequest: guard,
        schema: { params, body: optionalLockFenceSchema, querystring: optionalLockFenceSchema, response },
      },
      async (request) => {
        const fence = request.body?.fence ?? request.query?.fence;
        if (fence === undefined) throw badRequest('fence: the lock to release is required');
        return ok(await locks.release(callerOf(request), kind, idOf(request.params), fence));
      },
    );

    api.post(`${path}/break`, { onRequest: guard, schema: { params, response } }, async (request) =>
      ok(await locks.breakLock(callerOf(request), kind, idOf(request.params))),
    );
  }

  lockCalls(
    'vertical_task',
    '/vertical_tasks/:video_id/lock',
    verticalTaskLockParamsSchema,
    (p) => verticalTaskLockParamsSchema.parse(p).video_id,
    requireVerticalReview,
  );
  lockCalls(
    'article',
    '/articles/:id/lock',
    articleLockParamsSchema,
    (p) => articleLockParamsSchema.parse(p).id,
    requireRoles(REVIEW_ROLE) as onRequestAsyncHookHandler,
  );
}
