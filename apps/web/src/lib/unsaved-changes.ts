import { useSyncExternalStore } from 'react';

/**
 * How many forms on the page hold unsaved changes (each UnsavedChangesGuard whose `when` holds):
 * the app update waits while any does, since its reload would lose them.
 */
let open = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Counts one form with unsaved changes until the returned function is called. */
export function holdUnsavedChanges(): () => void {
  open += 1;
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open -= 1;
    changed();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open > 0,
    () => false,
  );
}
