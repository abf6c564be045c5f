// GET settings?limit=1000: the console's settings as key/value pairs, the caller publisher's over the
// global ones; the review modal reads numberOfAlgoSuggestions from them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Setting } from '@hc/shared/api/pending';
import { SETTINGS_FETCH_LIMIT } from '@hc/shared/constants';
import { editorApi } from '../../../lib/api.ts';

export const getSettings = (signal?: AbortSignal): Promise<Setting[]> =>
  editorApi<Setting[]>('settings', { query: { limit: SETTINGS_FETCH_LIMIT }, signal });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['vertical', 'settings'] as const,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 5 * 60_000,
  });

/** The value of one setting (undefined until loaded, or when it is not set). */
export function useSetting(key: string) {
  const query = useQuery(settingsQueryOptions());
  return { ...query, value: query.data?.find((s) => s.key === key)?.value };
}
