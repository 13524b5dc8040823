import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** A 4xx is an answer, not a glitch: not retried; anything else once. */
export function retryOnce(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Server state lives in TanStack Query. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retryOnce,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
