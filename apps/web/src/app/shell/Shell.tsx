// The signed-in frame: a top bar (menu button, product name, breadcrumbs, user area) and a side drawer.
import { memo, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveConnection } from '../../lib/live.ts';
import { usePushedPendingCounts } from '../../lib/pending/api/get-pending-counts.ts';
import { useAppConfig, PageSpinner } from '../../lib/config/config.tsx';
import { Brand } from './Brand.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { UserMenu } from './UserMenu.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { ToastLane } from '../../lib/toast.tsx';
import { JobEndToasts } from '../../features/job-center/JobEndToasts.tsx';
import { JobCenterButton } from '../../features/job-center/JobCenterButton.tsx';
import { CommandPalette } from '../../components/command-palette/CommandPalette.tsx';
import { KeyboardHelp } from '../../components/shortcuts/KeyboardHelp.tsx';
import { lazyPart } from '../../lib/lazyPart.ts';

// The menu drawer (PrimeReact's Sidebar and the route menu) loads when the menu button is first pressed.
const MainMenu = lazyPart(() => import('./MainMenu.tsx').then((m) => ({ default: m.MainMenu })));

// Opening or closing the drawer re-renders the shell: the top bar's parts depend on nothing it changes,
// and the user menu's PrimeReact Dropdown, OverlayPanel and Buttons re-rendered with it (the web-vitals bench: the
// menu button's click).
const TopbarBreadcrumbs = memo(Breadcrumbs);
const TopbarLiveIndicator = memo(LiveIndicator);
const TopbarUserMenu = memo(UserMenu);

export function Shell({ children }: { children: ReactNode }) {
  const { user } = useAppConfig();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The menu drawer mounts on the first press of the menu button and stays.
  const [menuUsed, setMenuUsed] = useState(false);
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
          onClick={() => {
            setMenuUsed(true);
            setDrawerOpen(true);
          }}
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

      {menuUsed && (
        // Nothing shows while the menu's code arrives; it slides in when it has.
        <Suspense fallback={null}>
          <MainMenu visible={drawerOpen} onHide={() => setDrawerOpen(false)} />
        </Suspense>
      )}

      <JobEndToasts />
      <CommandPalette />
      <KeyboardHelp />
      <main className="hc-content" id="main">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
    </div>
  );
}
