// One page of the route table: its access rule checked against the user's roles, then its screen.
import type { ReactNode } from 'react';
import { canAccess } from '@hc/shared/access';
import { routeById } from '@hc/shared/routes';
import type { RouteId } from '@hc/shared/routes';
import { useOptionalAppConfig } from '../lib/config/config.tsx';
import { NoPermissionPage } from '../components/pages/NoPermissionPage.tsx';

export function RouteScreen({ id, children }: { id: RouteId; children: ReactNode }) {
  const config = useOptionalAppConfig();
  const route = routeById(id);
  // Without configuration only open pages render here (the layout guarded the others to /login).
  const roles = config?.user.roles ?? [];
  if (!canAccess(route.access, roles)) return <NoPermissionPage label={route.label} />;
  return <>{children}</>;
}
