import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lavorazioneLastreSummarySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lavorazioniLastreKeys, type LavorazioneLastreFilters } from './keys';

/** GET /api/lavorazioni-lastre/summary?<filters> → { count, numeroLastre, mqTotali, volumeBlocchi, resaMedia }. */
export function getLavorazioniLastreSummary(filters: LavorazioneLastreFilters, signal?: AbortSignal) {
  return api.get('/api/lavorazioni-lastre/summary', { query: { ...filters }, schema: lavorazioneLastreSummarySchema, signal });
}

export function useLavorazioniLastreSummary(filters: LavorazioneLastreFilters) {
  return useQuery(
    queryOptions({
      queryKey: lavorazioniLastreKeys.summary(filters),
      queryFn: ({ signal }) => getLavorazioniLastreSummary(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
