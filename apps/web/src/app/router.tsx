import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { APP_PAGES, type AppPage } from './app-pages';
import { RequirePage, RequireToken, ToAppCode, ToLanding } from './guards';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { FullScreenLoader } from '@/components/full-screen-loader';

/**
 * Routes (SPEC §2, DESIGN §5), every page lazy-loaded. Route modules export `Component`.
 */

const viewModule = {
  dashboard: () => import('./routes/dashboard'),
  profile: () => import('./routes/profile'),
  anagrafica: () => import('./routes/anagrafica-list'),
  'group-companies': () => import('./routes/group-companies'),
  settings: () => import('./routes/settings'),
  bancate: () => import('./routes/bancate-list'),
  blocchi: () => import('./routes/blocchi-list'),
  'photo-gallery': () => import('./routes/photo-gallery'),
  chat: () => import('./routes/chat'),
  'lavorazioni-lastre': () => import('./routes/lavorazioni-lastre-list'),
  'magazzino-lastre': () => import('./routes/magazzino-lastre'),
  'magazzino-pacchi': () => import('./routes/magazzino-pacchi'),
  'lavorazioni-pavimenti': () => import('./routes/lavorazioni-pavimenti-list'),
  'magazzino-pavimenti': () => import('./routes/magazzino-pavimenti'),
  collaudi: () => import('./routes/collaudi-list'),
  trasferimenti: () => import('./routes/trasferimenti'),
  giacenze: () => import('./routes/giacenze'),
  reportistica: () => import('./routes/reportistica'),
  statistiche: () => import('./routes/statistiche'),
} as const;

/** Detail pages `<path>/:id` of the views whose page names a `detail`. */
const detailModule: Partial<Record<AppPage['view'], () => Promise<{ Component: ComponentType }>>> = {
  anagrafica: () => import('./routes/anagrafica-detail'),
  bancate: () => import('./routes/bancata-detail'),
  blocchi: () => import('./routes/blocco-detail'),
  'lavorazioni-lastre': () => import('./routes/lavorazione-lastre-detail'),
  'magazzino-lastre': () => import('./routes/lastra-detail'),
  'magazzino-pacchi': () => import('./routes/pacco-detail'),
  'lavorazioni-pavimenti': () => import('./routes/lavorazione-pavimenti-detail'),
  'magazzino-pavimenti': () => import('./routes/lotto-detail'),
  collaudi: () => import('./routes/collaudo-detail'),
};

function pageRoute(page: AppPage): RouteObject {
  const children: RouteObject[] = [
    { index: true, lazy: viewModule[page.view], handle: { title: page.title, page } satisfies RouteHandle },
  ];
  const detail = page.detail ? detailModule[page.view] : undefined;
  if (detail) {
    children.push({
      path: ':id',
      lazy: detail,
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
      { path: 'notfound', lazy: () => import('./routes/not-found'), handle: { title: 'Pagina non trovata' } },
      {
        path: 'app',
        element: <RequireToken />,
        children: [
          {
            lazy: () => import('./shell'),
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: 'c/:codice', lazy: () => import('./routes/code-redirect'), handle: { title: 'Codice' } satisfies RouteHandle },
              ...APP_PAGES.map(pageRoute),
            ],
          },
        ],
      },
      // a label's QR code (/c/<codice>) opens inside the app, so a logged-out phone logs in and comes back
      { path: 'c/:codice', Component: ToAppCode },
      { path: '*', element: <Navigate to="/notfound" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
