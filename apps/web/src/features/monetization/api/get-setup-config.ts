// The stored setup a config page opens with: POST monetization_setup/fill {publisher_ids} for a publisher,
// POST monetization_setup/placement {id} for a placement (with its publisher's own setup).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigGroups } from '@hc/shared/api/monetization';
import { editorApi } from '../../../lib/api.ts';

export type SetupScope = { publisherId: number; placementId: number | null };

export function getSetupConfig(
  scope: SetupScope,
  sessionId: string,
  signal?: AbortSignal,
): Promise<ConfigGroups> {
  return scope.placementId === null
    ? editorApi<ConfigGroups>('monetization_setup/fill', {
        method: 'POST',
        body: { publisher_ids: [scope.publisherId], session_id: sessionId },
        signal,
      })
    : editorApi<ConfigGroups>('monetization_setup/placement', {
        method: 'POST',
        body: { id: scope.placementId, session_id: sessionId },
        signal,
      });
}

export const setupConfigQueryOptions = (scope: SetupScope, sessionId: string) =>
  queryOptions({
    queryKey: ['monetization', 'setup-config', scope.publisherId, scope.placementId],
    queryFn: ({ signal }) => getSetupConfig(scope, sessionId, signal),
    // The page edits a copy; a refetch in the background must not replace what the user typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useSetupConfig = (scope: SetupScope, sessionId: string, enabled: boolean) =>
  useQuery({ ...setupConfigQueryOptions(scope, sessionId), enabled });
