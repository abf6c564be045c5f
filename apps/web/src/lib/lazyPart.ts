// The console's parts loaded on first use (screens, dialogs, drawers, the toasts) survive a dropped
// network. React.lazy keeps a failed load's error for good and throws it to the nearest error page, so a
// toast asked for while the line was down (exactly when a console has errors to tell) took the whole
// screen with it. Here a failed load is asked again instead, sooner when the browser says it is back
// online; its Suspense fallback shows meanwhile. Browsers fetch a failed module again on a new import().
import { lazy, type LazyExoticComponent } from 'react';

/** What React.lazy accepts as a component, taken from its own signature. */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** The waits between attempts, the last repeated: about two minutes in all for a screen or a dialog. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const SCREEN_ATTEMPTS = 9;

export interface RetryOptions {
  /** How many loads in all before the error is given to the error page; Infinity never gives up. */
  attempts?: number;
  /** Waits before a retry (tests use a shorter one). */
  delays?: readonly number[];
}

/** Waits `ms`, or less when the browser reports it is back online. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** `load()`, asked again after a failure until it succeeds or the attempts are spent. */
export async function loadWithRetries<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? SCREEN_ATTEMPTS;
  const delays = options.delays ?? RETRY_DELAYS_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await pause(delays[Math.min(attempt - 1, delays.length - 1)] ?? 0);
    }
  }
}

/**
 * React.lazy whose load is retried (loadWithRetries). A part the console cannot work without telling
 * the user something (the toasts) passes `attempts: Infinity`; a screen shows the error page after about
 * two minutes of failures (a deployment that removed its files, say), where reloading is the way on.
 */
export function lazyPart<T extends LazyComponent>(
  load: () => Promise<{ default: T }>,
  options?: RetryOptions,
): LazyExoticComponent<T> {
  return lazy(() => loadWithRetries(load, options));
}
