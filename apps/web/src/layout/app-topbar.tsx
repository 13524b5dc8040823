import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { can } from '@gestcava/contracts';
import { useSession } from '@/lib/session';
import { webConfig } from '@/lib/config';
import { quarryLabel, type ShellCompany } from '@/features/companies/api/get-user-company';
import { CompanySelector } from '@/features/companies/components/company-selector';
import { useUnreadCount } from '@/features/chat/api/get-unread-count';
import { useChatRealtime } from '@/features/chat/hooks/use-chat-realtime';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationsToggle } from '@/features/notifications/components/notifications-toggle';
import { useLayout } from './layout-context';

export function AppTopbar({ company }: { company: ShellCompany | null }) {
  const { user } = useSession();
  const { toggleMenu, setState, state, config } = useLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const logout = useLogout();
  const menuRef = useRef<HTMLDivElement>(null);
  const isAdmin = user?.role === 'admin';
  const chatAllowed = can(user, 'chat');
  const unread = useUnreadCount(chatAllowed).data ?? 0;
  useChatRealtime(chatAllowed);

  // The mobile top bar menu closes on navigation, on Escape and on a click outside.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node;
      if (menuRef.current && !menuRef.current.contains(target) && !(target as Element).closest?.('.layout-topbar-menu-button')) {
        setMenuOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [menuOpen]);

  const onLogout = () => logout.mutate();

  const menuExpanded =
    config.menuMode === 'overlay'
      ? state.overlayMenuActive
      : state.staticMenuMobileActive || !state.staticMenuDesktopInactive;
  const label = quarryLabel(company);

  return (
    <header className="layout-topbar" data-testid="topbar">
      <Link to="/app/dashboard" className="layout-topbar-logo" aria-label={`${webConfig.productName}: dashboard`}>
        {company?.logoUrl ? (
          <img src={company.logoUrl} alt={`Logo ${company.name}`} className="layout-topbar-logo-img" />
        ) : (
          <>
            <img src="/favicon.svg" alt="" className="layout-topbar-logo-mark" />
            <span>{webConfig.productName}</span>
          </>
        )}
      </Link>

      <button
        type="button"
        className="p-link layout-menu-button layout-topbar-button"
        onClick={toggleMenu}
        aria-label="Apri o chiudi il menu"
        aria-controls="app-sidebar"
        aria-expanded={menuExpanded}
        data-testid="menu-toggle"
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>

      <span className="layout-topbar-quarry" data-testid="quarry-label" title={label}>
        {label}
      </span>

      <button
        type="button"
        className="p-link layout-topbar-menu-button layout-topbar-button"
        onClick={() => setMenuOpen((v) => !v)}
        aria-label="Altre azioni"
        aria-controls="topbar-menu"
        aria-expanded={menuOpen}
      >
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
      </button>

      <div
        ref={menuRef}
        id="topbar-menu"
        className={`layout-topbar-menu${menuOpen ? ' layout-topbar-menu-mobile-active' : ''}`}
      >
        {isAdmin && user && <CompanySelector user={user} />}
        <NotificationsToggle />
        {chatAllowed && (
          <Link
            to="/app/chat"
            className="p-link layout-topbar-button"
            title="Chat"
            aria-label={unread > 0 ? `Chat, ${unread} messaggi non letti` : 'Chat'}
            data-testid="topbar-chat"
          >
            <i className="pi pi-comments p-overlay-badge" aria-hidden="true">
              {unread > 0 && (
                <span className="topbar-badge" data-testid="chat-badge">
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </i>
            <span className="layout-topbar-label">Chat</span>
          </Link>
        )}
        {isAdmin && (
          <Link to="/app/pages/settings" className="p-link layout-topbar-button" title="Impostazioni" data-testid="topbar-settings">
            <i className="pi pi-cog" aria-hidden="true" />
            <span className="layout-topbar-label">Impostazioni</span>
          </Link>
        )}
        <button
          type="button"
          className="p-link layout-topbar-button"
          title="Aspetto"
          onClick={() => {
            setMenuOpen(false);
            setState({ configSidebarVisible: true });
          }}
          data-testid="topbar-config"
        >
          <i className="pi pi-palette" aria-hidden="true" />
          <span className="layout-topbar-label">Aspetto</span>
        </button>
        <Link to="/app/pages/profile" className="p-link layout-topbar-button" title="Profilo" data-testid="topbar-profile">
          <i className="pi pi-user" aria-hidden="true" />
          <span className="layout-topbar-label">Profilo</span>
        </Link>
        <button
          type="button"
          className="p-link layout-topbar-button"
          title="Logout"
          onClick={onLogout}
          disabled={logout.isPending}
          data-testid="topbar-logout"
        >
          <i className={logout.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-sign-out'} aria-hidden="true" />
          <span className="layout-topbar-label">Logout</span>
        </button>
      </div>
    </header>
  );
}
