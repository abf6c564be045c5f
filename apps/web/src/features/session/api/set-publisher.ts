// GET editor/auth/set_publisher?id=N: a new session token acting for another publisher.
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';

export interface SetPublisherResult {
  token: string;
  publisher_id: number;
}

export const setPublisher = (id: number): Promise<SetPublisherResult> =>
  editorApi<SetPublisherResult>('auth/set_publisher', { query: { id } });

/** The publisher-switch mutation; the caller stores the token and reloads the page. */
export const useSetPublisher = () => useMutation({ mutationFn: setPublisher });
