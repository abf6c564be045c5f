// The signed-in frame: a top bar (menu button, product name, breadcrumbs, user area) and a side drawer.
import { memo, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveConnection } from '../../lib/live.ts';
import { usePushedPendingCounts } from '../../lib/pending/api/get-pending-counts.ts';
import { useAppConfig, PageSpinner } from '../../lib/config/config.tsx';
import { PRODUCT_NAME } from '../../lib/navigation.ts';
import { SideMenu } from './SideMenu.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { UserMenu } from './UserMenu.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { ToastLane } from '../../lib/toast.tsx';
import { JobEndToasts } from '../../features/job-center/JobEndToasts.tsx';
import { JobCenterButton } from '../../features/job-center/JobCenterButton.tsx';
import { CommandPalette } from '../../components/command-palette/CommandPalette.tsx';
import { KeyboardHelp } from '../../components/shortcuts/KeyboardHelp.tsx';

function Brand() {
  return (
    <Link to="/" className="hc-brand" data-testid="brand">
      <span className="hc-logo" aria-hidden="true">
        <i className="pi pi-play" />
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}

// Opening or closing the drawer re-renders the shell: the top bar's parts depend on nothing it changes,
// and the user menu's PrimeReact Dropdown, OverlayPanel and Buttons re-rendered with it (the web-vitals bench: the
// menu button's click).
const TopbarBreadcrumbs = memo(Breadcrumbs);
const TopbarLiveIndicator = memo(LiveIndicator);
const TopbarUserMenu = memo(UserMenu);

export function Shell({ children }: { children: ReactNode }) {
  const { user } = useAppConfig();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveConnection(useQueryClient());
  usePushedPendingCounts();

  return (
    <div className="hc-shell">
      <header className="hc-topbar">
        <Button
          type="button"
          icon="pi pi-bars"
          rounded
          text
          severity="secondary"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          data-testid="menu-button"
        />
        <Brand />
        <span className="hc-topbar-divider" aria-hidden="true" />
        <div className="hc-topbar-crumbs">
          <TopbarBreadcrumbs roles={user.roles} />
        </div>
        <JobCenterButton />
        <ToastLane />
        <TopbarLiveIndicator />
        <TopbarUserMenu />
      </header>

      <Sidebar
        visible={drawerOpen}
        onHide={() => setDrawerOpen(false)}
        className="hc-sidebar"
        aria-label="Main menu"
        header={
          <div className="flex flex-column gap-1">
            <Brand />
            <span className="hc-muted text-sm">{user.publisher.name}</span>
          </div>
        }
      >
        <SideMenu roles={user.roles} onNavigate={() => setDrawerOpen(false)} />
      </Sidebar>

      <JobEndToasts />
      <CommandPalette />
      <KeyboardHelp />
      <main className="hc-content" id="main">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
    </div>
  );
}
