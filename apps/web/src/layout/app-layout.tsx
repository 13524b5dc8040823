import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { useSession } from '@/lib/session';
import { AppConfigPanel } from './app-config-panel';
import { AppSidebar } from './app-sidebar';
import { useLayout } from './layout-context';
import { MenuContext } from './menu-context';
import { filterMenu, type MenuEntry } from './menu-model';

/**
 * The authenticated shell (Sakai layout, written for React Router 7): top bar, sidebar menu,
 * content, footer, settings panel. The menu closes on navigation where it covers the content
 * (overlay and mobile); in static mode it is part of the page and stays as the user left it
 * (docs/web-shell.md). The app composes it (app/shell.tsx): `topbar` is an AppTopbar, `footer` an
 * AppFooter, `menu` the whole menu (app-pages.ts), shown as the user's permissions allow, `loading`
 * covers the page until the company is known.
 */
export function AppLayout({
  topbar,
  footer,
  menu,
  loading,
  sidebarEnd,
}: {
  topbar: ReactNode;
  footer: ReactNode;
  menu: readonly MenuEntry[];
  loading: boolean;
  /** after the menu, in the side bar (the app's Logout) */
  sidebarEnd?: ReactNode;
}) {
  const { config, state, closeFloatingMenu } = useLayout();
  const { user } = useSession();
  const entries = useMemo(() => filterMenu(user, menu), [user, menu]);
  const { pathname } = useLocation();
  const sidebarRef = useRef<HTMLDivElement>(null);

  // Close the floating menu on every navigation.
  useEffect(() => {
    closeFloatingMenu();
  }, [pathname, closeFloatingMenu]);

  const floatingOpen = state.overlayMenuActive || state.staticMenuMobileActive;

  // Escape closes the floating menu; focus moves into it when it opens.
  useEffect(() => {
    if (!floatingOpen) return;
    const first = sidebarRef.current?.querySelector<HTMLElement>('a, button');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        closeFloatingMenu();
        document.querySelector<HTMLElement>('[data-testid="menu-toggle"]')?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [floatingOpen, closeFloatingMenu]);

  const classes = [
    'layout-wrapper',
    config.menuMode === 'overlay' ? 'layout-overlay' : 'layout-static',
    config.colorScheme === 'dark' ? 'layout-theme-dark' : 'layout-theme-light',
    state.staticMenuDesktopInactive && config.menuMode === 'static' ? 'layout-static-inactive' : '',
    state.overlayMenuActive ? 'layout-overlay-active' : '',
    state.staticMenuMobileActive ? 'layout-mobile-active' : '',
    config.inputStyle === 'filled' ? 'p-input-filled' : '',
    config.ripple ? '' : 'p-ripple-disabled',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <MenuContext.Provider value={entries}>
      <div className={classes} data-testid="layout-wrapper">
        <a className="skip-link" href="#main-content">
          Vai al contenuto
        </a>
        {topbar}
        <div className="layout-sidebar" ref={sidebarRef} id="app-sidebar">
          <AppSidebar />
          {sidebarEnd}
        </div>
        <div className="layout-main-container">
          <main className="layout-main" id="main-content" tabIndex={-1}>
            <Outlet />
          </main>
          {footer}
        </div>
        <AppConfigPanel />
        <div className="layout-mask" onClick={closeFloatingMenu} aria-hidden="true" />
        {loading && <FullScreenLoader />}
      </div>
    </MenuContext.Provider>
  );
}
