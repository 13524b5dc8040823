import { queryOptions, useQuery } from '@tanstack/react-query';
import { lavorazioneLastreSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lavorazioniLastreKeys } from './keys';

/** GET /api/lavorazioni-lastre/:id: the sawing with its block, machine and the pacchi it produced. */
export function getLavorazioneLastre(id: string, signal?: AbortSignal) {
  return api.get(`/api/lavorazioni-lastre/${encodeURIComponent(id)}`, { schema: lavorazioneLastreSchema, signal });
}

export const lavorazioneLastreQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lavorazioniLastreKeys.detail(id),
    queryFn: ({ signal }) => getLavorazioneLastre(id, signal),
  });

export function useLavorazioneLastre(id: string) {
  return useQuery(lavorazioneLastreQueryOptions(id));
}
