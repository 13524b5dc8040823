import { queryOptions, useQuery } from '@tanstack/react-query';
import { bloccoSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, type BloccoKind } from './keys';

/** GET /api/blocchi/:id (404 for another company's, or for the other kind's id). `stato` is effective. */
export function getBlocco(kind: BloccoKind, id: string, signal?: AbortSignal) {
  return api.get(`/api/${kind}/${encodeURIComponent(id)}`, { schema: bloccoSchema, signal });
}

export const bloccoQueryOptions = (kind: BloccoKind, id: string) =>
  queryOptions({
    queryKey: blocchiKeys.detail(kind, id),
    queryFn: ({ signal }) => getBlocco(kind, id, signal),
  });

export function useBlocco(kind: BloccoKind, id: string) {
  return useQuery(bloccoQueryOptions(kind, id));
}
