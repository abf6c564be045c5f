// GET publishers/publishers_monetized?monetized=: publishers with (true) or without (false) a setup.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';
import type { PublisherOption } from './get-publishers.ts';

export const getMonetizedPublishers = (
  monetized: boolean,
  signal?: AbortSignal,
): Promise<PublisherOption[]> =>
  editorApi<PublisherOption[]>('publishers/publishers_monetized', { query: { monetized }, signal });

export const monetizedPublishersQueryOptions = (monetized: boolean) =>
  queryOptions({
    queryKey: ['monetization', 'publishers-monetized', monetized],
    queryFn: ({ signal }) => getMonetizedPublishers(monetized, signal),
  });

/** Idle while `monetized` is undefined (the picker then lists every publisher). */
export const useMonetizedPublishers = (monetized: boolean | undefined) =>
  useQuery({ ...monetizedPublishersQueryOptions(monetized ?? true), enabled: monetized !== undefined });
