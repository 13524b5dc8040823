import { useSyncExternalStore } from 'react';

/**
 * The browser's own online flag (navigator.onLine and its events), for the device copy's mark and
 * the dashboard's offline section. h/pwa's lib/offline/network.ts (useOnline) replaces it once merged.
 */
function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}
