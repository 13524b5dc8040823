import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { AppMenu } from './app-menu';
import { filterMenu } from './menu-model';

export function AppSidebar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const entries = useMemo(() => filterMenu(user), [user]);
  return (
    <nav aria-label="Menu principale">
      <AppMenu entries={entries} pathname={pathname} />
    </nav>
  );
}
