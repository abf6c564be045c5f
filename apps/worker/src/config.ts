// The worker's configuration, read once from the environment and validated.
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must be a postgres:// URL (the embedded database runs the worker inside the server)',
    ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  /** The same DATA_DIR as the server's: the worker writes archives into its media store. */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * BullMQ job lock of every queue's workers, renewed while a job runs: a worker that
   * died mid-job frees it this long after the last renewal, and another worker runs it again.
   */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** How often each worker looks for jobs whose lock lapsed (stalled-job recovery). */
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** A task queued this long for a render whose job is gone (or ended unseen) goes back to review. */
  WORKER_LOST_RENDER_AFTER_MS: z.coerce.number().int().min(500).max(3_600_000).default(120_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** GET /healthz and /metrics of this process (0: no HTTP at all). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** The address the metrics port listens on (0.0.0.0 in a container). */
  HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** At shutdown, how long active jobs may finish before they are given back to the queue. */
  WORKER_DRAIN_MS: z.coerce.number().int().min(0).max(9_000).default(7_000),
  /**
   * BullMQ key prefix (the same as the server's JOBS_PREFIX); unset: under the deployment's namespace,
   * derived from the database (deployment.ts). Other Redis keys and channels stay in that namespace.
   */
  JOBS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, colons, dashes and underscores')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    console.error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
    process.exit(1);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    redisUrl: parsed.data.REDIS_URL,
    sessionIdleMinutes: parsed.data.SESSION_IDLE_MINUTES,
    mediaDir: path.join(path.resolve(parsed.data.DATA_DIR), 'media'),
    /** Stalled-job recovery of every queue (tests shorten both). */
    jobLocks: {
      lockDurationMs: parsed.data.WORKER_LOCK_DURATION_MS,
      stalledIntervalMs: parsed.data.WORKER_STALLED_INTERVAL_MS,
    },
    lostRenderAfterMs: parsed.data.WORKER_LOST_RENDER_AFTER_MS,
    logLevel: parsed.data.LOG_LEVEL,
    metricsPort: parsed.data.WORKER_METRICS_PORT,
    host: parsed.data.HOST,
    metricsToken: parsed.data.METRICS_TOKEN,
    drainMs: parsed.data.WORKER_DRAIN_MS,
    jobsPrefix: parsed.data.JOBS_PREFIX,
  };
}
