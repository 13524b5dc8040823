import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { useUserCompany } from '@/features/companies/api/get-user-company';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { AppConfigPanel } from './app-config-panel';
import { AppFooter } from './app-footer';
import { AppSidebar } from './app-sidebar';
import { AppTopbar } from './app-topbar';
import { useLayout } from './layout-context';
import { PrimeProvider } from './prime-provider';

/**
 * The authenticated shell (Sakai layout, written for React Router 7): top bar, sidebar menu,
 * content, footer, settings panel. The menu closes on navigation where it covers the content
 * (overlay and mobile); in static mode it is part of the page and stays as the user left it
 * (docs/web-shell.md).
 */
export function AppLayout() {
  const { config, state, closeFloatingMenu } = useLayout();
  const { pathname } = useLocation();
  const { selectedCompanyId } = useSession();
  const company = useUserCompany(selectedCompanyId);
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
    <div className={classes} data-testid="layout-wrapper">
      <a className="skip-link" href="#main-content">
        Vai al contenuto
      </a>
      <AppTopbar company={company.data ?? null} />
      <div className="layout-sidebar" ref={sidebarRef} id="app-sidebar">
        <AppSidebar />
      </div>
      <div className="layout-main-container">
        <main className="layout-main" id="main-content" tabIndex={-1}>
          <Outlet />
        </main>
        <AppFooter company={company.data ?? null} />
      </div>
      <AppConfigPanel />
      <div className="layout-mask" onClick={closeFloatingMenu} aria-hidden="true" />
      {company.isPending && <FullScreenLoader />}
    </div>
  );
}

function Shell() {
  return (
    <PrimeProvider>
      <AppLayout />
    </PrimeProvider>
  );
}

export const Component = Shell;
