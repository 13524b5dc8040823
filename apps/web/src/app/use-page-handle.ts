import { useMatches } from 'react-router';
import type { AppPage } from './app-pages';
import type { RouteHandle } from './route-handle';

/** The AppPage of the deepest matching route (set in the router's `handle`). */
export function usePageHandle(): { page: AppPage | undefined; detail: boolean } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.page) return { page: handle.page, detail: handle.detail === true };
  }
  return { page: undefined, detail: false };
}
