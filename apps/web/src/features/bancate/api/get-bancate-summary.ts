import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bancataSummarySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys, type BancataFilters } from './keys';

/** GET /api/bancate/summary?<filters> → { count, volumeLordo, pesoStimato }, once per filter change. */
export function getBancateSummary(filters: BancataFilters, signal?: AbortSignal) {
  return api.get('/api/bancate/summary', { query: { ...filters }, schema: bancataSummarySchema, signal });
}

export const bancateSummaryQueryOptions = (filters: BancataFilters) =>
  queryOptions({
    queryKey: bancataKeys.summary(filters),
    queryFn: ({ signal }) => getBancateSummary(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useBancateSummary(filters: BancataFilters) {
  return useQuery(bancateSummaryQueryOptions(filters));
}
