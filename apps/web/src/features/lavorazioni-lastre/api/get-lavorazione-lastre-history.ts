import { useQuery } from '@tanstack/react-query';
import { historySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lavorazioniLastreKeys } from './keys';

/** GET /api/lavorazioni-lastre/:id/history: plan, changes, start, completion, cancellation. */
export function getLavorazioneLastreHistory(id: string, signal?: AbortSignal) {
  return api.get(`/api/lavorazioni-lastre/${encodeURIComponent(id)}/history`, { schema: historySchema, signal });
}

export function useLavorazioneLastreHistory(id: string) {
  return useQuery({ queryKey: lavorazioniLastreKeys.history(id), queryFn: ({ signal }) => getLavorazioneLastreHistory(id, signal) });
}
