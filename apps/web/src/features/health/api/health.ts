import { type Health, healthResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/health (public): db name and staging flag for the banner. Failure → null. */
export async function getHealth(): Promise<Health | null> {
  try {
    return await api.get('/api/health', { schema: healthResponseSchema, timeoutMs: 10_000 });
  } catch {
    return null;
  }
}

const health = defineResource({ key: queryRoots.health, base: '/api/health' });

export const useHealth = health.read(() => ({
  key: [],
  load: getHealth,
  staleTime: Infinity,
})).use;
