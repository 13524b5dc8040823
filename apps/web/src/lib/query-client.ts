import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { isNotOnDevice } from './offline/not-on-device';

/**
 * Server state lives in TanStack Query; a 4xx is an answer, not a glitch, and is not retried;
 * neither is a detail the device has no copy of while the network is down.
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isNotOnDevice(error)) return false;
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
