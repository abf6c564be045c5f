// POST ad_config/fill: the grid rows of up to 20 publishers (the four tabs), for the page's session id.
import { useMutation } from '@tanstack/react-query';
import type { GridData } from '@hc/shared/api/ad-grid';
import { editorApi } from '../../../../lib/api.ts';

export interface FillGridInput {
  publisherIds: number[];
  sessionId: string;
}

export const fillGrid = ({ publisherIds, sessionId }: FillGridInput): Promise<GridData> =>
  editorApi<GridData>('ad_config/fill', {
    method: 'POST',
    body: { publisher_ids: publisherIds, session_id: sessionId },
  });

/** A mutation, not a query: the grid is fetched when asked and then edited locally. */
export const useFillGrid = () => useMutation({ mutationFn: fillGrid });
