import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { StagingBanner } from '@/components/staging-banner';
import { ToastHost } from '@/components/toast-host';
import { useUpdateOffer } from '@/lib/offline/app-update';
import { webConfig } from '@/lib/config';
import { useHealth } from '@/features/health/api/health';
import type { RouteHandle } from './route-handle';

// Loaded only once a new version waits: it stays out of the login route (docs/quality.md P9).
const UpdatePrompt = lazy(() =>
  import('@/components/offline/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** Shown only when loading lasts longer than this, so quick navigations do not flash. */
const LOADER_DELAY_MS = 120;

function useDelayed(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delay]);
  return active && shown;
}

function useDocumentTitle(): void {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const title = handle?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${webConfig.productName}` : webConfig.productName;
  }, [title]);
}

/** Every route: staging banner, toasts, the new-version prompt, the full-screen loader while lazy pages load, scroll to top. */
export function RootLayout() {
  const navigation = useNavigation();
  const loading = useDelayed(navigation.state === 'loading', LOADER_DELAY_MS);
  const health = useHealth().data;
  const updateWaiting = useUpdateOffer() !== null;
  useDocumentTitle();
  return (
    <>
      <StagingBanner health={health} />
      <Outlet />
      <ToastHost />
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      {loading && <FullScreenLoader />}
      {/* a new page opens at its top; keyed by path, so a list's filters and paging keep the scroll */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  );
}
