import { queryOptions, useQuery } from '@tanstack/react-query';
import { historySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, type BloccoKind } from './keys';

/** GET /api/blocchi/:id/history: creation, changes, state moves, declassamenti. */
export function getBloccoHistory(kind: BloccoKind, id: string, signal?: AbortSignal) {
  return api.get(`/api/${kind}/${encodeURIComponent(id)}/history`, { schema: historySchema, signal });
}

export const bloccoHistoryQueryOptions = (kind: BloccoKind, id: string) =>
  queryOptions({
    queryKey: blocchiKeys.history(kind, id),
    queryFn: ({ signal }) => getBloccoHistory(kind, id, signal),
  });

export function useBloccoHistory(kind: BloccoKind, id: string) {
  return useQuery(bloccoHistoryQueryOptions(kind, id));
}
