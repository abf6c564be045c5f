// The user area of the top bar: lowercased e-mail, the red pending-tasks badge, the publisher switch, the
// theme and Logout.
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Avatar } from 'primereact/avatar';
import { Badge } from 'primereact/badge';
import { Dropdown } from 'primereact/dropdown';
import { clearLocalData, readSession, writeSession } from '../../lib/session.ts';
import { useAppConfig } from '../../lib/config/config.tsx';
import { useToast } from '../../lib/toast.tsx';
import { LOGIN_PATH } from '../../lib/navigation.ts';
import { useLogout } from '../../features/session/api/logout.ts';
import { useSetPublisher } from '../../features/session/api/set-publisher.ts';
import { usePendingCounts } from '../../lib/pending/api/get-pending-counts.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

const FILTER_PUBLISHERS_FROM = 8;

export function UserMenu() {
  const { user } = useAppConfig();
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const logoutMutation = useLogout();
  const setPublisherMutation = useSetPublisher();
  const pending = usePendingCounts();
  const email = user.email.toLowerCase();
  const pendingTotal = pending.data?.tasksTotal ?? 0;
  const canSwitch = user.publishers.length > 1;

  const logout = () => {
    // Whatever the server says, the local session ends here (failed logout still clears).
    logoutMutation.mutate(undefined, {
      onSettled: () => {
        clearLocalData();
        queryClient.clear();
        void navigate(LOGIN_PATH, { replace: true });
      },
    });
  };

  const switchPublisher = (id: number) => {
    if (id === user.publisher.id) return;
    setPublisherMutation.mutate(id, {
      onSuccess: ({ token }) => {
        const session = readSession();
        writeSession({ email: session?.email ?? email, token });
        window.location.reload();
      },
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <>
      <Button
        type="button"
        text
        className="hc-user-button"
        onClick={(e) => panel.current?.toggle(e)}
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

      <OverlayPanel ref={panel} className="hc-user-panel" aria-label="Account">
        <div className="hc-user-panel-head">
          <Avatar label={email.charAt(0).toUpperCase()} shape="circle" size="large" />
          <div className="flex flex-column" style={{ minWidth: 0 }}>
            <strong className="hc-user-email" title={email}>
              {email}
            </strong>
            <span className="hc-muted text-sm">{user.publisher.name}</span>
          </div>
        </div>

        <div className="hc-user-panel-section flex align-items-center justify-content-between">
          <span>Pending tasks</span>
          {pending.isError ? (
            <span className="hc-muted text-sm">unavailable</span>
          ) : (
            <Badge
              value={pending.isPending ? '…' : pendingTotal}
              severity={pendingTotal > 0 ? 'danger' : 'secondary'}
              data-testid="pending-total"
            />
          )}
        </div>

        {canSwitch && (
          <div className="hc-user-panel-section flex flex-column gap-2">
            <label htmlFor="hc-publisher-switch" className="hc-label">
              Publisher
            </label>
            <Dropdown
              inputId="hc-publisher-switch"
              value={user.publisher.id}
              options={user.publishers}
              optionLabel="name"
              optionValue="id"
              itemTemplate={(p: { id: number; name: string }) => (
                <span>
                  {p.name} <span className="hc-muted">#{p.id}</span>
                </span>
              )}
              filter={user.publishers.length >= FILTER_PUBLISHERS_FROM}
              onChange={(e) => switchPublisher(Number(e.value))}
              disabled={setPublisherMutation.isPending}
              className="w-full"
              data-testid="publisher-switch"
            />
          </div>
        )}

        <ThemeSwitch />

        <div className="hc-user-panel-actions flex flex-column">
          <LinkButton
            to="/help"
            text
            icon="pi pi-question-circle"
            label="Help"
            severity="secondary"
            onNavigate={() => panel.current?.hide()}
          />
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-sign-out"
            label="Logout"
            loading={logoutMutation.isPending}
            onClick={logout}
            data-testid="logout"
          />
        </div>
      </OverlayPanel>
    </>
  );
}
