// GET user_info/show: the signed-in user, the publisher the session acts for, roles and switchable publishers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@hc/shared/api/auth';
import { editorApi } from '../api.ts';

export const getUserInfo = (signal?: AbortSignal): Promise<UserInfo> =>
  editorApi<UserInfo>('user_info/show', { signal });

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'user-info'],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Infinity,
  });

/** The user info; loaded once per session (the publisher switch reloads the page). */
export const useUserInfo = () => useQuery(userInfoQueryOptions());
