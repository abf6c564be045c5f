// Failures leave the server in one envelope: { success: false, errors: [...] } with a real status.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@hc/shared/messages';
import { isJobQueueUnavailable } from '../infra/redis.ts';

/**
 * An expected failure with a user-facing message and a status. An answer, not a fault: it carries no stack
 * trace, whose capture cost ~6 µs an error (bench B7: 49 of 50 racing acquires answer 409 every round).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[],
  ) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(errors[0]);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

export const badRequest = (message: string = messages.invalidRequest) => new HttpError(400, [message]);
export const unauthorized = () => new HttpError(401, [messages.sessionRequired]);
export const forbidden = () => new HttpError(403, [messages.forbidden]);
export const notFound = () => new HttpError(404, [messages.notFound]);
export const conflict = (message: string) => new HttpError(409, [message]);

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ success: false, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${v.message}` : (v.message ?? messages.invalidRequest);
      });
      return reply.status(400).send({ success: false, errors });
    }
    if (isJobQueueUnavailable(error)) {
      // A job's call (its state, a retry) that its Redis did not answer in time: a 503 to retry later.
      request.log.warn({ err: error }, 'job queue unavailable');
      return reply.status(503).send({ success: false, errors: [messages.jobQueueUnavailable] });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) keep their status and say why.
    const message = status >= 500 ? messages.somethingWentWrong : error.message;
    return reply.status(status).send({ success: false, errors: [message] });
  });
}
