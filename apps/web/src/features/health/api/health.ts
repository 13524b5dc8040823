import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Health, healthResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

/*
 * Outside the resources (docs/architecture.md "Web: one API shape"): the staging banner shows on the
 * login page too, whose first load may not carry defineResource's offline code (docs/quality.md P9).
 */

/** GET /api/health (public): db name and staging flag for the banner. Failure → null. */
export async function getHealth(): Promise<Health | null> {
  try {
    return await api.get('/api/health', { schema: healthResponseSchema, timeoutMs: 10_000 });
  } catch {
    return null;
  }
}

export const healthQueryOptions = queryOptions({
  queryKey: queryRoots.health,
  queryFn: getHealth,
  staleTime: Infinity,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
