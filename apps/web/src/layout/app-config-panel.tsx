import { lazy, Suspense } from 'react';
import { useLayout } from './layout-context';

const AppConfigContent = lazy(() => import('./app-config-content'));

/** The settings panel is loaded the first time it is opened. */
export function AppConfigPanel() {
  const { state } = useLayout();
  if (!state.configSidebarVisible) return null;
  return (
    <Suspense fallback={null}>
      <AppConfigContent />
    </Suspense>
  );
}
