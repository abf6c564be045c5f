// Asking the server again for what a cached query holds, when something says it may be out of date: a
// pushed change, a job's end, the live channel's first connect.
import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Asks the queries matching `filters` again; those on screen are fetched now, the others when next used.
 * A fetch in flight may have been read before whatever makes us ask, so it is cancelled and made again:
 * invalidating alone would join it while its query holds no data yet (a first load, or a new page shown
 * over the previous one), as TanStack replaces a running fetch only when there is data to keep.
 */
export async function askAgain(client: QueryClient, filters: QueryFilters): Promise<void> {
  const asked = client.getQueryCache().findAll(filters);
  if (asked.length === 0) return;
  const isAsked = (query: unknown) => asked.some((a) => a === query);
  await client.cancelQueries({ predicate: isAsked, fetchStatus: 'fetching' });
  await client.invalidateQueries({ predicate: isAsked });
}
