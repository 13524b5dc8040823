import { useQuery } from '@tanstack/react-query';
import { lastraSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { magazzinoLastreKeys } from './keys';

/** GET /api/magazzino/lastre/:id: the slab, its bundle and its provenance up to the quarry. */
export function getLastra(id: string, signal?: AbortSignal) {
  return api.get(`/api/magazzino/lastre/${encodeURIComponent(id)}`, { schema: lastraSchema, signal });
}

export function useLastra(id: string) {
  return useQuery({ queryKey: magazzinoLastreKeys.lastra(id), queryFn: ({ signal }) => getLastra(id, signal) });
}
