import { queryOptions, useQuery } from '@tanstack/react-query';
import { logoResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

/** GET /user/logo (public: the primary company's logo on the login page). Failure → null. */
export async function getLogo(): Promise<string | null> {
  try {
    const { logoUrl } = await api.get('/user/logo', { schema: logoResponseSchema, timeoutMs: 10_000 });
    return logoUrl;
  } catch {
    return null;
  }
}

export const logoQueryOptions = queryOptions({
  queryKey: queryRoots.logo,
  queryFn: getLogo,
  staleTime: 5 * 60_000,
});

export function useLogo() {
  return useQuery(logoQueryOptions);
}
