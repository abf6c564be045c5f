// /vertical: the entry of the vertical area sends the user to the first page of its menu
// group they may open (the route table's order), else says they may not.
import { Navigate } from 'react-router';
import { canAccess } from '@hc/shared/access';
import { ROUTES } from '@hc/shared/routes';
import type { RouteEntry } from '@hc/shared/routes';
import { useAppConfig } from '../../../lib/config/config.tsx';
import { NoPermissionPage } from '../../../components/pages/NoPermissionPage.tsx';

const VERTICAL_PAGES = (ROUTES as readonly RouteEntry[]).filter((r) => r.parent === 'vertical' && r.menu);

export function VerticalEntry() {
  const { user } = useAppConfig();
  const target = VERTICAL_PAGES.find((r) => canAccess(r.access, user.roles));
  return target ? <Navigate to={target.path} replace /> : <NoPermissionPage label="Vertical" />;
}
