// GET placements/placements_monetized?publisher_id&monetized: a publisher's placements with their A/B flag.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Placement } from '@hc/shared/api/publishers';
import { editorApi } from '../../../lib/api.ts';

export const getMonetizedPlacements = (
  publisherId: number,
  monetized: boolean | undefined,
  signal?: AbortSignal,
): Promise<Placement[]> =>
  editorApi<Placement[]>('placements/placements_monetized', {
    query: { publisher_id: publisherId, monetized },
    signal,
  });

export const monetizedPlacementsQueryOptions = (publisherId: number, monetized: boolean | undefined) =>
  queryOptions({
    queryKey: ['monetization', 'placements', publisherId, monetized ?? 'all'],
    queryFn: ({ signal }) => getMonetizedPlacements(publisherId, monetized, signal),
  });

/** Idle until a publisher is chosen. */
export const useMonetizedPlacements = (publisherId: number | null, monetized: boolean | undefined) =>
  useQuery({
    ...monetizedPlacementsQueryOptions(publisherId ?? 0, monetized),
    enabled: publisherId !== null,
  });
