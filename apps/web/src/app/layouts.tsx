// The route guard and the two frames. One layout route holds every page but /login, so moving between
// open and guarded pages never remounts the shell.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, Navigate } from 'react-router';
import { isOpenRoute, matchRoute } from '@hc/shared/routes';
import { useSession } from '../lib/useSession.ts';
import { ConfigProvider, PageSpinner } from '../lib/config/config.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { SessionExpiredDialog } from './SessionExpiredDialog.tsx';
import { loginPathFor } from '../lib/navigation.ts';

// The signed-in frame (top bar, account panel, live channel, menus) is not part of the login page: it loads
// with a session, beside the configuration calls (preloadShell).
const loadShell = () => import('./shell/Shell.tsx');
const Shell = lazy(() => loadShell().then((m) => ({ default: m.Shell })));

/** Starts fetching the signed-in frame's code (a failed fetch is retried, and reported, by the lazy frame). */
export function preloadShell() {
  loadShell().catch(() => undefined);
}

/** The router's root: the 401 dialog and scroll restoration, around every page. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionExpiredDialog />
      <ScrollRestoration />
    </>
  );
}

/**
 * Signed in: configuration, then the shell. Signed out: open pages (and the 404 page) in the public
 * frame; any other page sends the user to /login, remembering where they were going.
 */
export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  // Signed in (just now, or on a reload): the frame's code arrives while the configuration loads.
  useEffect(() => {
    if (session) preloadShell();
  }, [session]);
  if (!session) {
    if (isOpenRoute(location.pathname) || matchRoute(location.pathname) === null) {
      return (
        <PublicLayout>
          <Outlet />
        </PublicLayout>
      );
    }
    const from = location.pathname + location.search + location.hash;
    return <Navigate to={loginPathFor(from)} replace state={{ from }} />;
  }
  return (
    <ConfigProvider>
      <Suspense fallback={<PageSpinner />}>
        <Shell>
          <Outlet />
        </Shell>
      </Suspense>
    </ConfigProvider>
  );
}
