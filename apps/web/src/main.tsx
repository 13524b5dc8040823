import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './styles/fonts.css';
import './styles/prime-base.css';
import './styles/layout.css';
import './styles/touch.css';
import './styles/contrast.css';
import { AppProviders } from './app/providers';
import { createAppRouter, loadMatchedRoutes } from './app/router';
import { loginPath } from './app/paths';
import { configureApiClient, refreshCsrfToken } from './lib/api';
import { queryClient } from './lib/query-client';
import { log } from './lib/log';
import { loadLayoutConfig } from './layout/layout-config';
import { applyScale, applyTheme } from './layout/theme';

let router: ReturnType<typeof createAppRouter> | undefined;

// 401 anywhere (except a failed login): the client has cleared token and user; drop cached data
// and go to the login page, which brings the user back to returnUrl.
configureApiClient({
  onUnauthorized: (returnUrl) => {
    queryClient.clear();
    void router?.navigate(loginPath(returnUrl), { replace: true });
  },
});

// The anti-forgery token is fetched at start (docs/api.md "Shape of the API"); a failure is logged by the client.
refreshCsrfToken().catch(() => undefined);

const layoutConfig = loadLayoutConfig();
applyScale(layoutConfig.scale);

/**
 * The login page and the landing come with their first render in the HTML (build/prerender.ts):
 * their route module is loaded first, then React hydrates that markup instead of drawing anew
 * (docs/performance.md "The login paints first"). Every other address starts from an empty root.
 */
async function render(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await loadMatchedRoutes(window.location.pathname);
  router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} layoutConfig={layoutConfig}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/** The service worker (the app offline), after the first render: its code is not part of the login route. */
function registerServiceWorker(): void {
  import('./lib/offline/register-sw')
    .then(({ registerAppServiceWorker }) => registerAppServiceWorker())
    .catch((error: unknown) => log.warn('service worker non registrato', error));
}

// The theme stylesheet first, so the first paint is styled (no inline script is allowed by the CSP).
void applyTheme(layoutConfig.theme, layoutConfig.colorScheme)
  .then(render)
  .then(registerServiceWorker);
