// PUT publisher_info/monetization: saves one setup (video and both display records) of a publisher or placement.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigGroups, SaveSetupBody } from '@hc/shared/api/monetization';
import { editorApi } from '../../../lib/api.ts';

export const saveSetup = (body: SaveSetupBody): Promise<ConfigGroups> =>
  editorApi<ConfigGroups>('publisher_info/monetization', { method: 'PUT', body });

/** Saves, then drops every cached monetization read (lists, configs, view, audit) so they reload. */
export function useSaveSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSetup,
    onSuccess: () => client.invalidateQueries({ queryKey: ['monetization'] }),
  });
}
