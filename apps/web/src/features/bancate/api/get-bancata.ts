import { queryOptions, useQuery } from '@tanstack/react-query';
import { bancataSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

/** GET /api/bancate/:id: the bancata with its blocchi totals and resa (404 for another company's). */
export function getBancata(id: string, signal?: AbortSignal) {
  return api.get(`/api/bancate/${encodeURIComponent(id)}`, { schema: bancataSchema, signal });
}

export const bancataQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bancataKeys.detail(id),
    queryFn: ({ signal }) => getBancata(id, signal),
  });

export function useBancata(id: string) {
  return useQuery(bancataQueryOptions(id));
}
