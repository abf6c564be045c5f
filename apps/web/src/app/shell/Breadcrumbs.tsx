// Breadcrumbs of the current page, from the route tree (crumbs the user cannot open are plain text).
import { Link, useLocation } from 'react-router';
import { BreadCrumb } from 'primereact/breadcrumb';
import type { MenuItem as PrimeMenuItem } from 'primereact/menuitem';
import { breadcrumbsFor } from '@hc/shared/routes';

export function Breadcrumbs({ roles }: { roles: readonly string[] }) {
  const { pathname } = useLocation();
  const trail = breadcrumbsFor(pathname, roles);
  if (trail.length === 0) return null;
  const model: PrimeMenuItem[] = trail.map((crumb, i) => {
    const last = i === trail.length - 1;
    return {
      label: crumb.label,
      template: () =>
        crumb.path && !last ? (
          <Link to={crumb.path} className="p-menuitem-link">
            <span className="p-menuitem-text">{crumb.label}</span>
          </Link>
        ) : (
          <span className="p-menuitem-text" aria-current={last ? 'page' : undefined}>
            {crumb.label}
          </span>
        ),
    };
  });
  const home: PrimeMenuItem = {
    icon: 'pi pi-home',
    template: () => (
      <Link to="/" className="p-menuitem-link" aria-label="Home">
        <span className="pi pi-home" aria-hidden="true" />
      </Link>
    ),
  };
  return (
    <div className="hc-breadcrumbs" data-testid="breadcrumbs">
      <BreadCrumb model={model} home={home} />
    </div>
  );
}
