import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { APP_PAGES, type AppPage } from './app-pages';
import { RequirePage, RequireToken, ToAppCode, ToLanding } from './guards';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { FullScreenLoader } from '@/components/full-screen-loader';

/**
 * Routes (docs/screens.md, docs/screens.md), every page lazy-loaded. Route modules export `Component`. The /app
 * pages come from APP_PAGES: each a guarded route, with its detail `<path>/:id` when it has one.
 */

function pageRoute(page: AppPage): RouteObject {
  const children: RouteObject[] = [
    { index: true, lazy: page.load, handle: { title: page.title, page } satisfies RouteHandle },
  ];
  if (page.loadDetail) {
    children.push({
      path: ':id',
      lazy: page.loadDetail,
      handle: { title: page.title, page, detail: true } satisfies RouteHandle,
    });
  }
  return { path: page.path, element: <RequirePage rule={page.rule} />, children };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <ToLanding /> },
      { path: 'landing', lazy: () => import('./routes/landing'), handle: { title: 'Benvenuto' } },
      {
        path: 'auth',
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', lazy: () => import('./routes/login'), handle: { title: 'Accedi' } },
          {
            path: 'change-password',
            lazy: () => import('./routes/change-password-required'),
            handle: { title: 'Nuova password' },
          },
        ],
      },
      {
        path: 'notfound',
        lazy: () => import('./routes/not-found'),
        handle: { title: 'Pagina non trovata' },
      },
      {
        path: 'app',
        element: <RequireToken />,
        children: [
          {
            lazy: () => import('./shell'),
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              {
                path: 'c/:codice',
                lazy: () => import('./routes/code-redirect'),
                handle: { title: 'Codice' } satisfies RouteHandle,
              },
              ...APP_PAGES.map(pageRoute),
            ],
          },
        ],
      },
      // a label's QR code (/c/<codice>) opens inside the app, so a logged-out phone logs in and comes back
      { path: 'c/:codice', Component: ToAppCode },
      // a buyer's link: public, outside the shell, its own lazy chunk (docs/condivisioni.md)
      { path: 'v/:token', lazy: () => import('./routes/link-pubblico') },
      { path: '*', element: <Navigate to="/notfound" replace /> },
    ],
  },
];

/** What a lazy route module may give its route (the route modules export `Component`). */
const LAZY_ROUTE_KEYS = ['Component', 'ErrorBoundary', 'HydrateFallback', 'loader'] as const;

/**
 * Loads the lazy modules of the routes matching `pathname` and sets them on the routes, so a router
 * created afterwards draws that page at once. Hydrating a prerendered page needs it: with a route
 * still lazy the router's first render is its fallback, not the page the HTML holds
 * (docs/performance.md "The login paints first").
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = (await route.lazy()) as Record<string, unknown>;
      const given = LAZY_ROUTE_KEYS.filter((key) => loaded[key] !== undefined);
      Object.assign(route, Object.fromEntries(given.map((key) => [key, loaded[key]])));
      delete route.lazy;
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
