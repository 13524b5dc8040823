import { useQuery } from '@tanstack/react-query';
import { paccoDetailSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { magazzinoLastreKeys } from './keys';

/** GET /api/magazzino/pacchi/:id: the bundle, its provenance and its slabs in sawing order. */
export function getPacco(id: string, signal?: AbortSignal) {
  return api.get(`/api/magazzino/pacchi/${encodeURIComponent(id)}`, { schema: paccoDetailSchema, signal });
}

export function usePacco(id: string) {
  return useQuery({ queryKey: magazzinoLastreKeys.pacco(id), queryFn: ({ signal }) => getPacco(id, signal) });
}
