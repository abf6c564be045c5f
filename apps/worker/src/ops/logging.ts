// The worker's structured logs: JSON lines through pino with level, time, msg and the fields given
// (queue, jobId, requestId for a job's lines). The same shape as the server's (features/ops/logging.ts).
import pino, { type Logger } from 'pino';

export type WorkerLog = (message: string, details?: object) => void;

export function workerLogger(level = 'info'): Logger {
  return pino({
    level,
    base: { service: 'worker' },
    formatters: { level: (label) => ({ level: label }) },
    // Job data holds ids, never secrets (queues.ts); these are here in case an error carries a request.
    redact: {
      paths: ['headers["x-user-token"]', 'headers.authorization', 'headers.cookie'],
      censor: '[Redacted]',
    },
  });
}

/** The (message, details) function the runtime and processors take, writing to a pino logger. */
export const logTo =
  (logger: Logger): WorkerLog =>
  (message, details) =>
    logger.info(details ?? {}, message);

/** The same at level warn (a job refused as another deployment's). */
export const warnTo =
  (logger: Logger): WorkerLog =>
  (message, details) =>
    logger.warn(details ?? {}, message);
