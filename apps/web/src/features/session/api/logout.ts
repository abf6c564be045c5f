// POST editor/auth/logout: ends the session on the server.
import { useMutation } from '@tanstack/react-query';
import { editorApi } from '../../../lib/api.ts';

export const logout = (): Promise<null> => editorApi<null>('auth/logout', { method: 'POST' });

/** The logout mutation; the caller clears local data whatever the outcome. */
export const useLogout = () => useMutation({ mutationFn: logout });
