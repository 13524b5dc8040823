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
