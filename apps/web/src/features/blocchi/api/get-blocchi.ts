import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bloccoListItemSchema, pageOf } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, type BloccoKind, type BloccoListParams } from './keys';

const blocchiPageSchema = pageOf(bloccoListItemSchema);

/** GET /api/blocchi (or blocchi-esterni) ?page&limit&sort&q&stato&cavaId&materialeId&scelta&categoria&bancataId&fornitoreId&ubicazioneId&dal&al */
export function getBlocchi(kind: BloccoKind, params: BloccoListParams, signal?: AbortSignal) {
  return api.get(`/api/${kind}`, { query: { ...params }, schema: blocchiPageSchema, signal });
}

export const blocchiQueryOptions = (kind: BloccoKind, params: BloccoListParams) =>
  queryOptions({
    queryKey: blocchiKeys.list(kind, params),
    queryFn: ({ signal }) => getBlocchi(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function useBlocchi(kind: BloccoKind, params: BloccoListParams) {
  return useQuery(blocchiQueryOptions(kind, params));
}
