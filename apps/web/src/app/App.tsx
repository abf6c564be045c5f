// Providers, outermost first: TanStack Query, PrimeReact, toasts, then the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { ToastProvider } from '../lib/toast.tsx';
import { router } from './router.tsx';

const MAX_RETRIES = 2;

/** Retry only what may succeed on a second try: no response, or a server error. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError ? error.status === 0 || error.status >= 500 : false;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* No ripple: PrimeReact's Ripple measures its host with getComputedStyle when it mounts (every
          Button, paginator link and dropdown), a forced layout each; the table's first paint paid ~54 ms
          of them at 4x slowdown (the web-vitals bench). */}
      <PrimeReactProvider value={{ ripple: false }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrimeReactProvider>
    </QueryClientProvider>
  );
}
