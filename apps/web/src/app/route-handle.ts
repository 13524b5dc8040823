import type { AppPage } from './app-pages';

/** What the router puts in each route's `handle`: the document title, and for /app pages the page. */
export interface RouteHandle {
  title?: string;
  page?: AppPage;
  detail?: boolean;
}
