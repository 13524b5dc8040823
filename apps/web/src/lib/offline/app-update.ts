import { useSyncExternalStore } from 'react';

/** Activates the waiting version of the app; the page then reloads once it controls it. */
export type ApplyUpdate = () => Promise<void>;

let pending: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/**
 * A new version of the app is installed and waiting (register-sw.ts calls this): the update prompt
 * shows, and nothing activates it but the user's "Aggiorna".
 */
export function offerUpdate(apply: ApplyUpdate | null): void {
  pending = apply;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting version's activation, or null while the running version is the newest. */
export function useUpdateOffer(): ApplyUpdate | null {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
}
