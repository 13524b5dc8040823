import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while React takes over a page drawn by the build (docs/performance.md "The login paints
 * first") and on that first render only; true afterwards, and from the start for a page React draws
 * itself. What must not work before the script does (a form's submit) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
