import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network connection (navigator.onLine and its
 * online/offline events). "Online" only means a network is there, not that the server answers:
 * callers still treat a failed request as offline when it fails for the network.
 */
export function isOnline(): boolean {
  // Without a navigator (server-side rendering, some tests) the app is assumed online.
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the browser goes online or offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
