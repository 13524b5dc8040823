import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { LayoutProvider } from '@/layout/layout-provider';
import { DEFAULT_LAYOUT_CONFIG } from '@/layout/layout-config';

export function renderRoutes(routes: RouteObject[], initialPath: string, extra?: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LayoutProvider initialConfig={DEFAULT_LAYOUT_CONFIG}>
        <RouterProvider router={router} />
        {extra}
      </LayoutProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
