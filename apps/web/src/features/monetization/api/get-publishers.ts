// GET publishers: every publisher an admin may set up (id and name), for the pickers and titles.
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOAST_LIFE_ADMIN_MS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { editorApi } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toast.tsx';

export interface PublisherOption {
  id: number;
  name: string;
}

export const getPublishers = (signal?: AbortSignal): Promise<PublisherOption[]> =>
  editorApi<PublisherOption[]>('publishers', { signal });

export const publishersQueryOptions = () =>
  queryOptions({ queryKey: ['monetization', 'publishers'], queryFn: ({ signal }) => getPublishers(signal) });

/** The failure already told, so that two pickers on one screen do not toast the same failure twice. */
let toldFailureAt = 0;

/**
 * The publishers for a picker. A failing call is told once as a toast: an empty picker alone reads as
 * "there are no publishers", which is not what happened.
 */
export function usePublishers() {
  const query = useQuery(publishersQueryOptions());
  const toast = useToast();
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || errorUpdatedAt === toldFailureAt) return;
    toldFailureAt = errorUpdatedAt;
    toast.error(messages.errorFetchingPublishers, TOAST_LIFE_ADMIN_MS);
  }, [isError, errorUpdatedAt, toast]);
  return query;
}
