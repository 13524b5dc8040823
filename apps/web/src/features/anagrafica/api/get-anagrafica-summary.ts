import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { anagraficaSummarySchema, type AnagraficaKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys, type AnagraficaFilters } from './keys';

/** GET /api/clienti/summary?<filters>: totals of the filtered set, once per filter change. */
export function getAnagraficaSummary(kind: AnagraficaKind, filters: AnagraficaFilters, signal?: AbortSignal) {
  return api.get(`/api/${kind}/summary`, { query: { ...filters }, schema: anagraficaSummarySchema, signal });
}

export const anagraficaSummaryQueryOptions = (kind: AnagraficaKind, filters: AnagraficaFilters) =>
  queryOptions({
    queryKey: anagraficaKeys.summary(kind, filters),
    queryFn: ({ signal }) => getAnagraficaSummary(kind, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAnagraficaSummary(kind: AnagraficaKind, filters: AnagraficaFilters) {
  return useQuery(anagraficaSummaryQueryOptions(kind, filters));
}
