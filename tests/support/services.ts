// Where the suites find PostgreSQL and Redis: TEST_DATABASE_URL / REDIS_URL, or the local defaults.
export const adminDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL of another database on the same server. */
export function databaseUrlFor(name: string): string {
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
