import { useQuery } from '@tanstack/react-query';
import { movimentoSchema, pageOf } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { magazzinoLastreKeys } from './keys';

const pageSchema = pageOf(movimentoSchema);

/** GET /api/magazzino/movimenti?paccoId|lastraId: the ledger rows of one bundle or slab, newest first. */
export function getMovimenti(params: { paccoId?: string; lastraId?: string }, signal?: AbortSignal) {
  return api.get('/api/magazzino/movimenti', { query: { ...params, limit: 100 }, schema: pageSchema, signal });
}

export function useMovimenti(params: { paccoId?: string; lastraId?: string }) {
  return useQuery({ queryKey: magazzinoLastreKeys.movimenti(params), queryFn: ({ signal }) => getMovimenti(params, signal) });
}
