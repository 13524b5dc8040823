import { registerSW } from 'virtual:pwa-register';
import { log } from '@/lib/log';
import { offerUpdate } from './app-update';
import { isOnline } from './network';

/** A tab left open for days still learns of a new deployment. */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the app's service worker (vite.config.ts, docs/offline.md). Loaded by main.tsx after the
 * first render, so workbox-window is not part of the login route. A new version found at start (the
 * browser checks /sw.js on every navigation) or by the hourly check waits for the user's "Aggiorna".
 */
export function registerAppServiceWorker(): void {
  const activate = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => activate()),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (isOnline()) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => log.warn('service worker non registrato', error),
  });
}
