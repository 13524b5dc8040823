import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bloccoSummarySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, type BloccoFilters, type BloccoKind } from './keys';

/** GET /api/blocchi/summary?<filters> → { count, volumeLordo, volumeNetto, pesoT }, once per filter change. */
export function getBlocchiSummary(kind: BloccoKind, filters: BloccoFilters, signal?: AbortSignal) {
  return api.get(`/api/${kind}/summary`, { query: { ...filters }, schema: bloccoSummarySchema, signal });
}

export const blocchiSummaryQueryOptions = (kind: BloccoKind, filters: BloccoFilters) =>
  queryOptions({
    queryKey: blocchiKeys.summary(kind, filters),
    queryFn: ({ signal }) => getBlocchiSummary(kind, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useBlocchiSummary(kind: BloccoKind, filters: BloccoFilters) {
  return useQuery(blocchiSummaryQueryOptions(kind, filters));
}
