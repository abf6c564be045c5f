// The side drawer's menu, built from the shared route table for the user's roles. Parents toggle open
// and closed (remembered locally); the item of the current route is highlighted.
import { Link, useLocation } from 'react-router';
import { ROUTES, matchRoute, menuFor } from '@hc/shared/routes';
import type { MenuItem, RouteEntry } from '@hc/shared/routes';
import { Badge } from 'primereact/badge';
import { useMenuOpenState } from './menuState.ts';
import { usePendingCounts } from '../../lib/pending/api/get-pending-counts.ts';
import { iconFor } from './icons.ts';

/** Resources are listed apart from the work screens, at the bottom. */
const RESOURCE_IDS = new Set(['docs', 'terms', 'help']);

const byId = new Map<string, RouteEntry>((ROUTES as readonly RouteEntry[]).map((r) => [r.id, r]));

/** The ids of the current route and its ancestors: the menu highlights the nearest one it shows. */
function activeChain(pathname: string): string[] {
  const match = matchRoute(pathname);
  const chain: string[] = [];
  for (let r: RouteEntry | undefined = match?.route; r; r = r.parent ? byId.get(r.parent) : undefined)
    chain.push(r.id);
  return chain;
}

function collectIds(items: readonly MenuItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.id);
    collectIds(item.children, into);
  }
  return into;
}

interface SideMenuProps {
  roles: readonly string[];
  onNavigate: () => void;
}

export function SideMenu({ roles, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const [openState, setOpen] = useMenuOpenState();
  const items = menuFor(roles);
  // Per-item red badges (items with a pendingKey) from pending_counts, refreshed every minute.
  const counts = usePendingCounts().data;
  const badgeOf = (item: MenuItem) => {
    const count = item.pendingKey && counts ? counts[item.pendingKey] : 0;
    return count > 0 ? (
      <Badge
        value={count > 99 ? '99+' : count}
        severity="danger"
        className="hc-nav-badge"
        aria-label={`${count} pending`}
        data-testid={`menu-badge-${item.id}`}
      />
    ) : null;
  };
  const shown = collectIds(items);
  const chain = activeChain(pathname);
  const activeId = chain.find((id) => shown.has(id));
  const contains = (item: MenuItem): boolean => item.id === activeId || item.children.some(contains);

  const render = (list: readonly MenuItem[], depth: number) => (
    <ul className={depth > 0 ? 'hc-nav-children' : undefined}>
      {list.map((item) => {
        if (item.children.length > 0) {
          const open = openState[item.id] ?? contains(item);
          const childrenId = `hc-nav-${item.id}`;
          return (
            <li key={item.id}>
              <button
                type="button"
                className={`hc-nav-parent${contains(item) ? ' has-active' : ''}`}
                aria-expanded={open}
                aria-controls={childrenId}
                onClick={() => setOpen(item.id, !open)}
                data-testid={`menu-${item.id}`}
              >
                <i className={iconFor(item.id)} aria-hidden="true" />
                <span className="hc-nav-label">{item.label}</span>
                <i
                  className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'} text-xs`}
                  aria-hidden="true"
                />
              </button>
              <div id={childrenId} hidden={!open}>
                {render(item.children, depth + 1)}
              </div>
            </li>
          );
        }
        const active = item.id === activeId;
        return (
          <li key={item.id}>
            <Link
              to={item.path ?? '/'}
              className={`hc-nav-item${active ? ' is-active' : ''}`}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              data-testid={`menu-${item.id}`}
            >
              <i className={iconFor(item.id)} aria-hidden="true" />
              <span className="hc-nav-label">{item.label}</span>
              {badgeOf(item)}
            </Link>
          </li>
        );
      })}
    </ul>
  );

  const work = items.filter((i) => !RESOURCE_IDS.has(i.id));
  const resources = items.filter((i) => RESOURCE_IDS.has(i.id));
  return (
    <nav className="hc-nav" aria-label="Main" data-testid="side-menu">
      {work.length > 0 && render(work, 0)}
      {resources.length > 0 && (
        <>
          <div className="hc-nav-section">Resources</div>
          {render(resources, 0)}
        </>
      )}
    </nav>
  );
}
