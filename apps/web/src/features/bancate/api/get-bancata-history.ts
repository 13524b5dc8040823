import { queryOptions, useQuery } from '@tanstack/react-query';
import { historySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

/** GET /api/bancate/:id/history: the audit timeline. */
export function getBancataHistory(id: string, signal?: AbortSignal) {
  return api.get(`/api/bancate/${encodeURIComponent(id)}/history`, { schema: historySchema, signal });
}

export const bancataHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bancataKeys.history(id),
    queryFn: ({ signal }) => getBancataHistory(id, signal),
  });

export function useBancataHistory(id: string) {
  return useQuery(bancataHistoryQueryOptions(id));
}
