// The poster URL check while the user types: a short pause after the last keystroke, then the server
// loads the image. Only the answer for the URL now in the field counts; older answers are dropped.
import { useEffect, useState } from 'react';
import { validatePosterUrl } from '@hc/shared/validation';
import { ApiError } from '../../../lib/api.ts';
import { checkPoster } from '../api/check-poster.ts';

/** Long enough that typing a URL does not send a request per character. */
export const POSTER_CHECK_DEBOUNCE_MS = 500;

export type PosterCheck =
  | { status: 'idle' }
  | { status: 'checking'; url: string }
  | { status: 'ok'; url: string }
  | { status: 'error'; url: string; message: string }
  /** The check itself failed (offline, server trouble): nothing is known about the poster. */
  | { status: 'unavailable'; url: string };

export function usePosterCheck(poster: string): PosterCheck {
  const url = poster.trim();
  const wellFormed = url !== '' && validatePosterUrl(url) === null;
  const [result, setResult] = useState<PosterCheck>({ status: 'idle' });

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setResult({ status: 'checking', url });
      checkPoster(url, controller.signal).then(
        () => setResult({ status: 'ok', url }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setResult(
            error instanceof ApiError && error.status === 422
              ? { status: 'error', url, message: error.message }
              : { status: 'unavailable', url },
          );
        },
      );
    }, POSTER_CHECK_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [url, wellFormed]);

  if (!wellFormed) return { status: 'idle' };
  // Until the pause is over, the URL in the field is being checked, whatever the last answer was for.
  if (result.status === 'idle' || result.url !== url) return { status: 'checking', url };
  return result;
}
