// GET auth/placements/publisher/{id}: a publisher's placements for the placements dialog.
import { useQuery } from '@tanstack/react-query';
import type { Placement } from '@hc/shared/api/publishers';
import { editorApi } from '../../../lib/api.ts';

export function usePublisherPlacements(publisherId: number | null) {
  return useQuery({
    queryKey: ['publishers-admin', 'placements', publisherId] as const,
    queryFn: ({ signal }) => editorApi<Placement[]>(`auth/placements/publisher/${publisherId}`, { signal }),
    enabled: publisherId !== null,
  });
}
