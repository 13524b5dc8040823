import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lavorazioneLastreListItemSchema, pageOf } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lavorazioniLastreKeys, type LavorazioneLastreListParams } from './keys';

const pageSchema = pageOf(lavorazioneLastreListItemSchema);

/** GET /api/lavorazioni-lastre?page&limit&sort&q&stato&macchinaId&materialeId&dal&al */
export function getLavorazioniLastre(params: LavorazioneLastreListParams, signal?: AbortSignal) {
  return api.get('/api/lavorazioni-lastre', { query: { ...params }, schema: pageSchema, signal });
}

export const lavorazioniLastreQueryOptions = (params: LavorazioneLastreListParams) =>
  queryOptions({
    queryKey: lavorazioniLastreKeys.list(params),
    queryFn: ({ signal }) => getLavorazioniLastre(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLavorazioniLastre(params: LavorazioneLastreListParams) {
  return useQuery(lavorazioniLastreQueryOptions(params));
}
