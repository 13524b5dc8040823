import { useLocation } from 'react-router';
import { AppMenu } from './app-menu';
import { useMenu } from './menu-context';

export function AppSidebar() {
  const entries = useMenu();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Menu principale">
      <AppMenu entries={entries} pathname={pathname} />
    </nav>
  );
}

/**
 * Logout at the foot of the side menu: on a phone the top bar's ⋮ menu may be crowded out (offline,
 * actions waiting, a long quarry name), the side menu is always one tap away.
 */
export function SidebarLogout({
  onLogout,
  loggingOut,
}: {
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <div className="layout-sidebar-end">
      <button
        type="button"
        className="p-link layout-menuitem-link layout-sidebar-logout"
        onClick={onLogout}
        disabled={loggingOut}
        data-testid="sidebar-logout"
      >
        <i
          className={`layout-menuitem-icon ${loggingOut ? 'pi pi-spin pi-spinner' : 'pi pi-sign-out'}`}
          aria-hidden="true"
        />
        <span className="layout-menuitem-text">Logout</span>
      </button>
    </div>
  );
}
