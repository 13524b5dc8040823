import { useQuery } from '@tanstack/react-query';
import { historySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { magazzinoLastreKeys } from './keys';

/** GET /api/magazzino/pacchi/:id/history or /lastre/:id/history: the audit timeline of a bundle or slab. */
export function getStockHistory(plural: 'pacchi' | 'lastre', id: string, signal?: AbortSignal) {
  return api.get(`/api/magazzino/${plural}/${encodeURIComponent(id)}/history`, { schema: historySchema, signal });
}

export function useStockHistory(plural: 'pacchi' | 'lastre', id: string) {
  return useQuery({ queryKey: [...magazzinoLastreKeys.all, plural, 'history', id], queryFn: ({ signal }) => getStockHistory(plural, id, signal) });
}
