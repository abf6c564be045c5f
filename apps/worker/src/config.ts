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
  };
}
