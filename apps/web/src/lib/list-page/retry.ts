// The one retry rule of every list call: only a failure that another try could fix is tried again.
import { ApiError } from '../api.ts';

/** No answer at all, or a server error: tried twice more. A 4xx answer is final. */
export const retryTransient = (failureCount: number, error: Error): boolean =>
  failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500);
