// Failures leave the server in one envelope: { success: false, errors: [...] } with a real status.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@hc/shared/messages';
import { isJobQueueUnavailable } from '../infra/redis.ts';

/**
 * An expected failure with a user-facing message and a status. An answer, not a fault: it carries no stack
 * trace, whose capture cost ~6 µs an error (the lock-race bench: 49 of 50 racing acquires answer 409 every
 * round).
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

/**
 * Fastify's router refuses some addresses before any route runs (a path part longer than its limit, a
 * path that is not valid UTF-8 once decoded): the same envelope as every other refusal, saying which.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? messages.pathPartTooLong
      : error.code === 'FST_ERR_BAD_URL'
        ? messages.pathNotText
        : messages.invalidRequest;
  void reply.status(400).send({ success: false, errors: [message] });
}

/** PostgreSQL's errors about a value itself, by SQLSTATE: what the caller sent, not a fault here. */
const VALUE_ERRORS: Record<string, string> = {
  '22003': messages.numberOutOfRange, // numeric_value_out_of_range
  '22P02': messages.invalidRequest, // invalid_text_representation
  '22021': messages.textNotValid, // character_not_in_repertoire (a NUL byte in text)
  '22P05': messages.textNotValid, // untranslatable_character
  '54000': messages.invalidRequest, // program_limit_exceeded (a search too long to index)
};

/** The message for a database error caused by a value in the request (drizzle wraps it in `cause`). */
function refusedByDatabase(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in VALUE_ERRORS) return VALUE_ERRORS[code]!;
  }
  return null;
}

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
    const refusedValue = refusedByDatabase(error);
    if (refusedValue) {
      // A value the schemas let through but PostgreSQL cannot hold (an id past its column's range, a NUL
      // byte): the caller's input, so a 400; logged, since a schema should have said it first.
      request.log.warn({ err: error }, 'a request value the database refused');
      return reply.status(400).send({ success: false, errors: [refusedValue] });
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
