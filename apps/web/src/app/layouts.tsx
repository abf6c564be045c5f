// The route guard and the two frames. One layout route holds every page but /login, so moving between
// open and guarded pages never remounts the shell.
import { Outlet, ScrollRestoration, useLocation, Navigate } from 'react-router';
import { isOpenRoute, matchRoute } from '@hc/shared/routes';
import { useSession } from '../lib/useSession.ts';
import { ConfigProvider } from '../lib/config/config.tsx';
import { Shell } from './shell/Shell.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { SessionExpiredDialog } from './SessionExpiredDialog.tsx';
import { loginPathFor } from '../lib/navigation.ts';

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
      <Shell>
        <Outlet />
      </Shell>
    </ConfigProvider>
  );
}
