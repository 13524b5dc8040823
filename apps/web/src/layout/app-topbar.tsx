import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { webConfig } from '@/lib/config';
import { formatUnread } from '@/lib/format';
import { OfflineBadge } from '@/components/offline/offline-badge';
import { TopbarCountIcon } from '@/components/topbar-count-icon';
import { useLayout } from './layout-context';
import type { LayoutCompany } from './layout-company';
import {
  PendingActionsBadge,
  RefusedActionsBadge,
} from '@/components/offline/pending-actions-badge';

/** The top bar's feature parts come from the app (app/shell.tsx): the layout imports no feature. */
export interface AppTopbarProps {
  /** The company in use: its logo replaces the product mark. */
  company: LayoutCompany | null;
  /** 'Cava di …' beside the menu button. */
  quarryLabel: string;
  /** Feature widgets at the head of the top bar menu (company picker, notifications toggle). */
  widgets: ReactNode;
  /** "Cerca o scansiona un codice": stays in the bar on phones, beside the chat. */
  codeSearch?: ReactNode;
  /** Notices of the features beside the chat (the buyers' answers on shared links): nothing when none. */
  notices?: ReactNode;
  /** Unread chat messages for the badge; null: no chat button (the user has no chat). */
  chatUnread: number | null;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * The ⋮ menu of the phone's top bar: open or shut, and shut again on navigation, on Escape and on a
 * click outside it (its own button toggles it).
 */
function useTopbarMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);
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
      if (
        menuRef.current &&
        !menuRef.current.contains(target) &&
        !(target as Element).closest?.('.layout-topbar-menu-button')
      ) {
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
  return { menuOpen, setMenuOpen, menuRef };
}

export function AppTopbar({
  company,
  quarryLabel: label,
  widgets,
  codeSearch,
  notices,
  chatUnread,
  onLogout,
  loggingOut,
}: AppTopbarProps) {
  const { user } = useSession();
  const { toggleMenu, setState, state, config } = useLayout();
  const { menuOpen, setMenuOpen, menuRef } = useTopbarMenu();
  const isAdmin = user?.role === 'admin';

  const menuExpanded =
    config.menuMode === 'overlay'
      ? state.overlayMenuActive
      : state.staticMenuMobileActive || !state.staticMenuDesktopInactive;

  return (
    <header className="layout-topbar" data-testid="topbar">
      <TopbarLogo company={company} />

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
      <OfflineBadge />

      {codeSearch}
      <PendingActionsBadge />
      <RefusedActionsBadge />
      {notices}
      {/* the chat and its unread badge stay in the bar on phones too, not inside the ⋮ menu */}
      {chatUnread !== null && <TopbarChat unread={chatUnread} />}
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
        {widgets}
        {isAdmin && (
          <TopbarItem
            to="/app/pages/settings"
            icon="pi pi-cog"
            label="Impostazioni"
            testId="topbar-settings"
          />
        )}
        <TopbarItem
          icon="pi pi-palette"
          label="Aspetto"
          testId="topbar-config"
          onClick={() => {
            setMenuOpen(false);
            setState({ configSidebarVisible: true });
          }}
        />
        <TopbarItem
          to="/app/pages/profile"
          icon="pi pi-user"
          label="Profilo"
          testId="topbar-profile"
        />
        <TopbarItem
          icon={loggingOut ? 'pi pi-spin pi-spinner' : 'pi pi-sign-out'}
          label="Logout"
          testId="topbar-logout"
          onClick={onLogout}
          disabled={loggingOut}
        />
      </div>
    </header>
  );
}

/** The company's logo when it has one, else the product's mark and name: a link to the dashboard. */
function TopbarLogo({ company }: { company: LayoutCompany | null }) {
  return (
    <Link
      to="/app/dashboard"
      className="layout-topbar-logo"
      aria-label={`${webConfig.productName}: dashboard`}
    >
      {company?.logoUrl ? (
        <img
          src={company.logoUrl}
          alt={`Logo ${company.name}`}
          className="layout-topbar-logo-img"
        />
      ) : (
        <>
          <img src="/favicon.svg" alt="" className="layout-topbar-logo-mark" />
          <span>{webConfig.productName}</span>
        </>
      )}
    </Link>
  );
}

/** The chat's button, with the unread messages' badge. */
function TopbarChat({ unread }: { unread: number }) {
  return (
    <Link
      to="/app/chat"
      className="p-link layout-topbar-button layout-topbar-chat"
      title="Chat"
      aria-label={unread > 0 ? `Chat, ${formatUnread(unread)}` : 'Chat'}
      data-testid="topbar-chat"
    >
      <TopbarCountIcon icon="pi pi-comments" count={unread} testId="chat-badge" />
    </Link>
  );
}

/** An item of the topbar's menu: a link to a page, or a button; its label shows in the mobile menu. */
function TopbarItem({
  to,
  icon,
  label,
  testId,
  onClick,
  disabled,
}: {
  to?: string;
  icon: string;
  label: string;
  testId: string;
  onClick?: () => void;
  disabled?: boolean;
}) {
  const content = (
    <>
      <i className={icon} aria-hidden="true" />
      <span className="layout-topbar-label">{label}</span>
    </>
  );
  if (to) {
    return (
      <Link to={to} className="p-link layout-topbar-button" title={label} data-testid={testId}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="p-link layout-topbar-button"
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {content}
    </button>
  );
}
