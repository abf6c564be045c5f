// The one place that reads the environment. Every value is validated at start; a bad one ends the
// process with a list of every problem, not just the first.
import path from 'node:path';
import { z } from 'zod';
import { LEASE_SECONDS } from '@hc/shared/live/locks';

const urlOrNull = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * PostgreSQL connections of one server process. More queries at once than the database has cores only
   * queue inside PostgreSQL: with the database on the same 2 cores, 4 answered 12% more list pages a
   * second than 10 (docs/performance.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Where a Redis is looked for when REDIS_URL is unset. Only tests change it (to an address where nothing
   * listens, to see the private redis-server started).
   */
  REDIS_DEFAULT_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /** Where redis-server is looked for, for a private Redis (see infra/private-redis.ts). */
  PATH: z.string().optional(),
  EDITOR_API_UPSTREAM: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Proxy mode: how long the upstream editor API may stay silent before a call is answered 504. */
  EDITOR_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** A session unused for this long ends before its absolute expiry. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(120),
  /** Origins besides the console's own that may open the live channels (comma separated). */
  CONSOLE_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter((o) => o.length > 0),
    )
    .pipe(z.array(z.string().url())),
  /** Task lock lease in seconds: renewed by heartbeats; tests shorten it to see expiry. */
  TASK_LOCK_SECONDS: z.coerce.number().int().min(1).max(600).default(LEASE_SECONDS),
  /**
   * The console's public address (https://console.example.com), from which public, cacheable answers (the
   * embed data, public story pages) build absolute URLs. Unset: they use relative URLs. Never the request's
   * Host or X-Forwarded-Host: a cached answer would hand every later reader the URLs one caller chose.
   */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    // Each check reads the value again itself: zod runs them all, also after url() refused it.
    .refine((v) => /^https?:$/.test(urlOrNull(v)?.protocol ?? 'https:'), 'must be an http:// or https:// URL')
    .refine((v) => {
      const url = urlOrNull(v);
      return !url || (!url.search && !url.hash && !url.username && !url.password);
    }, 'must be an address without a query, fragment or credentials')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Set only behind a reverse proxy you control; otherwise X-Forwarded-For is ignored. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** With DATABASE_URL: start a worker process beside the server (false when workers run on their own). */
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Load the demo data set into an empty database at start (never in a real deployment). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Serve the web app (built on first start when missing); false: API, live channels and media only. */
  SERVE_WEB: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * BullMQ's key prefix only. Unset (the usual): under the deployment's Redis namespace, derived from its
   * database (apps/worker/src/deployment.ts). Every other key and channel stays in that namespace.
   */
  JOBS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, colons, dashes and underscores')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** REDIS_URL, or the default address when it is unset (main.ts may start a private Redis instead). */
  redisUrl: string;
  /** Whether REDIS_URL was set: without it, `npm start` may start a private redis-server. */
  redisUrlGiven: boolean;
  /** PATH, searched for redis-server. */
  searchPath: string | undefined;
  editorApiUpstream: string | undefined;
  /** Proxy mode: silence from the upstream longer than this is a 504. */
  editorApiTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlHours: number;
  sessionIdleMinutes: number;
  trustProxy: boolean;
  consoleOrigins: string[];
  /** PUBLIC_BASE_URL without its trailing slash; undefined: public answers use relative URLs. */
  publicBaseUrl: string | undefined;
  /** How long a task lock lasts without a heartbeat. */
  taskLockSeconds: number;
  metricsToken: string | undefined;
  runWorker: boolean;
  seedDemo: boolean;
  serveWeb: boolean;
  /** JOBS_PREFIX: BullMQ's key prefix (undefined: the deployment's, see deployment.ts). */
  jobsPrefix: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses an environment (process.env by default) into the app's configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL ?? e.REDIS_DEFAULT_URL,
    redisUrlGiven: e.REDIS_URL !== undefined,
    searchPath: e.PATH,
    editorApiUpstream: e.EDITOR_API_UPSTREAM,
    editorApiTimeoutMs: e.EDITOR_API_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    trustProxy: e.TRUST_PROXY,
    consoleOrigins: e.CONSOLE_ORIGINS,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    taskLockSeconds: e.TASK_LOCK_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    runWorker: e.RUN_WORKER,
    seedDemo: e.SEED_DEMO,
    serveWeb: e.SERVE_WEB,
    jobsPrefix: e.JOBS_PREFIX,
  };
}

/** The environment the worker process this server starts runs with: this one's, with `overrides`. */
export const childEnvironment = (overrides: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  ...overrides,
});
