// A list call's failure as one toast per failure (a 401 opens the session dialog instead; a cancelled
// call says nothing), the way every list screen of the console reports it.
import { useEffect, useRef } from 'react';
import { isCancelledError } from '@tanstack/react-query';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../api.ts';
import { useToast } from '../toast.tsx';

interface FailingQuery {
  isError: boolean;
  error: Error | null;
  errorUpdatedAt: number;
}

interface ErrorToastOptions {
  /** The screen's own words for a failed load; the server's answer (or "network error") by default. */
  message?: string;
  /** What else the screen does once per failure it told, e.g. leave for the home page. */
  onFailure?: () => void;
}

export function useListErrorToast(
  { isError, error, errorUpdatedAt }: FailingQuery,
  { message, onFailure }: ErrorToastOptions = {},
) {
  const toast = useToast();
  const handledAt = useRef(0);
  // Kept in a ref so a new callback each render does not tell the same failure twice.
  const onFailureRef = useRef(onFailure);
  onFailureRef.current = onFailure;
  useEffect(() => {
    if (!isError || !error || errorUpdatedAt === handledAt.current) return;
    handledAt.current = errorUpdatedAt;
    if (isCancelledError(error) || error.name === 'AbortError') return;
    if (error instanceof ApiError && error.status === 401) return;
    toast.error(message ?? listErrorMessage(error));
    onFailureRef.current?.();
  }, [isError, error, errorUpdatedAt, toast, message]);
}

/** What a failed list says: the server's answer to an HTTP error, else that the network failed. */
export const listErrorMessage = (error: Error | null): string =>
  error instanceof ApiError && error.status !== 0 ? error.message : messages.networkError;

/** True when the failure is a 401: the session dialog is up, so the page shows no error of its own. */
export const isSessionEnd = (error: Error | null): boolean =>
  error instanceof ApiError && error.status === 401;
