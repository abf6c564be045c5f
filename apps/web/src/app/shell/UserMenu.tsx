// The user area of the top bar: lowercased e-mail and the red pending-tasks badge on a button that opens the
// account panel (UserPanel.tsx: the publisher switch, the theme and Logout), whose code loads on first press.
import { lazy, Suspense, useRef, useState } from 'react';
import type { OverlayPanel } from 'primereact/overlaypanel';
import { Button } from 'primereact/button';
import { Avatar } from 'primereact/avatar';
import { Badge } from 'primereact/badge';
import { useAppConfig } from '../../lib/config/config.tsx';
import { usePendingCounts } from '../../lib/pending/api/get-pending-counts.ts';

const UserPanel = lazy(() => import('./UserPanel.tsx').then((m) => ({ default: m.UserPanel })));

export function UserMenu() {
  const { user } = useAppConfig();
  const panel = useRef<OverlayPanel>(null);
  // The button of the first press: the panel mounts then and opens there.
  const [openAt, setOpenAt] = useState<HTMLElement | null>(null);
  const pending = usePendingCounts();
  const email = user.email.toLowerCase();
  const pendingTotal = pending.data?.tasksTotal ?? 0;

  return (
    <>
      <Button
        type="button"
        text
        className="hc-user-button"
        onClick={(e) => {
          if (panel.current) panel.current.toggle(e);
          else setOpenAt(e.currentTarget);
        }}
        aria-haspopup="dialog"
        aria-label={`Account menu for ${email}${pendingTotal > 0 ? `, ${pendingTotal} pending tasks` : ''}`}
        data-testid="user-menu-button"
      >
        <Avatar label={email.charAt(0).toUpperCase()} shape="circle" className="p-overlay-badge">
          {pendingTotal > 0 && (
            <Badge
              value={pendingTotal > 99 ? '99+' : pendingTotal}
              className="hc-pending-badge"
              data-testid="pending-badge"
            />
          )}
        </Avatar>
        <span className="hc-user-email" data-testid="user-email">
          {email}
        </span>
        <i className="pi pi-angle-down hc-muted" aria-hidden="true" />
      </Button>

      {openAt && (
        // Nothing shows while the panel's code arrives; it opens under the button when it has.
        <Suspense fallback={null}>
          <UserPanel panelRef={panel} openAt={openAt} />
        </Suspense>
      )}
    </>
  );
}
