import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LayoutProvider } from '@/layout/layout-provider';
import type { LayoutConfig } from '@/layout/layout-config';

/**
 * Root providers. PrimeReact's provider and Italian locale live in the shell chunk
 * (layout/prime-provider.tsx): the public pages use only PrimeReact's CSS, keeping the login
 * route's JavaScript small (docs/quality.md P9).
 */
export function AppProviders({
  children,
  queryClient,
  layoutConfig,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  layoutConfig: LayoutConfig;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutProvider initialConfig={layoutConfig}>{children}</LayoutProvider>
    </QueryClientProvider>
  );
}
