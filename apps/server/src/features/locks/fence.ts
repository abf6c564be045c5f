// The fencing number an action presents (header x-lock-fence, so the spec's bodies stay as specified).
import type { FastifyRequest } from 'fastify';
import { fenceSchema } from '@hc/shared/api/locks';
import { LOCK_FENCE_HEADER } from '@hc/shared/live/locks';
import { badRequest } from '../../plugins/errors.ts';

/** The request's fencing number; undefined when none was sent (the action then answers 409). */
export function fenceOf(request: FastifyRequest): number | undefined {
  const header = request.headers[LOCK_FENCE_HEADER];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = fenceSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(`${LOCK_FENCE_HEADER}: must be the fencing number of your lock`);
  return parsed.data;
}
