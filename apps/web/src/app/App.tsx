// Providers, outermost first: TanStack Query, PrimeReact, toasts, then the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider, type APIOptions } from 'primereact/api';
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

/**
 * Pass-through attributes for every PrimeReact component of a kind. A Dropdown keeps a native <select>
 * for forms and a chevron with role=button but no name next to its labelled combobox; the combobox is
 * what the keyboard and a screen reader use, so the two copies are hidden from assistive technology
 * (a screen reader announced an unnamed select and an unnamed button per dropdown). A breadcrumb's
 * chevrons are list items marked role=separator, which a list may not hold: plain hidden items. An
 * InputSwitch's box claims role=checkbox around the real switch input, a control inside a control:
 * only the input keeps its role.
 */
const PASS_THROUGH: APIOptions['pt'] = {
  dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } },
  breadcrumb: { separator: { role: undefined, 'aria-hidden': true } },
  inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
};

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* No ripple: PrimeReact's Ripple measures its host with getComputedStyle when it mounts (every
          Button, paginator link and dropdown), a forced layout each; the table's first paint paid ~54 ms
          of them at 4x slowdown (the web-vitals bench). */}
      <PrimeReactProvider value={{ ripple: false, pt: PASS_THROUGH }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrimeReactProvider>
    </QueryClientProvider>
  );
}
