import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import type { RouteHandle } from './app/route-handle';
import { routes } from './app/router';
import { webConfig } from './lib/config';
import { queryClient } from './lib/query-client';
import { DEFAULT_LAYOUT_CONFIG } from './layout/layout-config';

/**
 * The public pages whose first render the build writes into their HTML (build/prerender.ts,
 * docs/performance.md "The login paints first"), and the file the server sends for each.
 */
export const PRERENDERED_PAGES = [
  { path: '/auth/login', file: 'auth/login.html' },
  { path: '/landing', file: 'landing.html' },
] as const;

export interface PrerenderedPage {
  /** the markup of the app's root element, as the first client render draws it */
  html: string;
  /** the document title the page sets once running */
  title: string;
}

/**
 * The page at `path` as a visitor without a session first sees it: the same routes and providers
 * as src/main.tsx, the default layout settings, nothing fetched. The script hydrates this markup,
 * so anything here that differs from the browser's first render is a hydration error.
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient} layoutConfig={DEFAULT_LAYOUT_CONFIG}>
        {/* no inline script: the CSP forbids it, and the router needs no data to start */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const handle = [...context.matches]
    .reverse()
    .map((match) => match.route.handle as RouteHandle | undefined)
    .find((h) => h?.title);
  // the same title root-layout.tsx sets
  const title = handle?.title
    ? `${handle.title} · ${webConfig.productName}`
    : webConfig.productName;
  return { html: await new Response(prelude).text(), title };
}
