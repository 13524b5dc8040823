import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bancataSchema, pageOf } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys, type BancataListParams } from './keys';

const bancatePageSchema = pageOf(bancataSchema);

/** GET /api/bancate?page&limit&sort&q&stato&cavaId&materialeId&dal&al */
export function getBancate(params: BancataListParams, signal?: AbortSignal) {
  return api.get('/api/bancate', { query: { ...params }, schema: bancatePageSchema, signal });
}

export const bancateQueryOptions = (params: BancataListParams) =>
  queryOptions({
    queryKey: bancataKeys.list(params),
    queryFn: ({ signal }) => getBancate(params, signal),
    placeholderData: keepPreviousData,
  });

export function useBancate(params: BancataListParams) {
  return useQuery(bancateQueryOptions(params));
}
