import { queryOptions, useQuery } from '@tanstack/react-query';
import { historySchema, type AnagraficaKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys } from './keys';

/** GET /api/clienti/:id/history: the audit timeline of the record. */
export function getAnagraficaHistory(kind: AnagraficaKind, id: string, signal?: AbortSignal) {
  return api.get(`/api/${kind}/${encodeURIComponent(id)}/history`, { schema: historySchema, signal });
}

export const anagraficaHistoryQueryOptions = (kind: AnagraficaKind, id: string) =>
  queryOptions({
    queryKey: anagraficaKeys.history(kind, id),
    queryFn: ({ signal }) => getAnagraficaHistory(kind, id, signal),
  });

export function useAnagraficaHistory(kind: AnagraficaKind, id: string) {
  return useQuery(anagraficaHistoryQueryOptions(kind, id));
}
