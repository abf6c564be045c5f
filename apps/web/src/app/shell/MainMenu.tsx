// The menu drawer: the product, the publisher and the route menu in a left-hand Sidebar. Loaded when the
// menu button is first pressed (Shell.tsx).
import { Sidebar } from 'primereact/sidebar';
import { useAppConfig } from '../../lib/config/config.tsx';
import { Brand } from './Brand.tsx';
import { SideMenu } from './SideMenu.tsx';

/** The menu drawer, shown while `visible`. */
export function MainMenu({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { user } = useAppConfig();
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      className="hc-sidebar"
      aria-label="Main menu"
      header={
        <div className="flex flex-column gap-1">
          <Brand />
          <span className="hc-muted text-sm">{user.publisher.name}</span>
        </div>
      }
    >
      <SideMenu roles={user.roles} onNavigate={onHide} />
    </Sidebar>
  );
}
