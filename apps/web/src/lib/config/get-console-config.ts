// GET publisher_configuration/console_config?publisher_id=N: the flags that show optional columns.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleConfig } from '@hc/shared/api/publishers';
import { editorApi } from '../api.ts';

export const getConsoleConfig = (publisherId: number, signal?: AbortSignal): Promise<ConsoleConfig> =>
  editorApi<ConsoleConfig>('publisher_configuration/console_config', {
    query: { publisher_id: publisherId },
    signal,
  });

export const consoleConfigQueryOptions = (publisherId: number) =>
  queryOptions({
    queryKey: ['publishers', 'console-config', publisherId],
    queryFn: ({ signal }) => getConsoleConfig(publisherId, signal),
    staleTime: Infinity,
  });

/** The console configuration of a publisher; idle while publisherId is undefined. */
export const useConsoleConfig = (publisherId: number | undefined) =>
  useQuery({ ...consoleConfigQueryOptions(publisherId ?? 0), enabled: publisherId !== undefined });
