// POST auth/editor/login: exchanges e-mail and password for a session token.
import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@hc/shared/api/auth';
import { authApi } from '../../../lib/api.ts';

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  authApi<LoginResponse>('login', { method: 'POST', body });

/** The login mutation; the caller stores the session on success. */
export const useLogin = () => useMutation({ mutationFn: login });
