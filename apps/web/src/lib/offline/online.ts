/**
 * Whether the browser believes it has a network. A stand-in for h/pwa's network.ts (isOnline,
 * useOnline): the merge makes this file re-export that one.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}
