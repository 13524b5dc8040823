import type { QueryClient } from '@tanstack/react-query';
import type { CollaudoFilterInput } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';

const ROOT = ['collaudi'] as const;

/** Query keys of the collaudi: everything starts with ['collaudi'] (the cliente's section too). */
export const collaudiKeys = {
  all: ROOT,
  list: (params: object) => [...ROOT, 'list', params] as const,
  summary: (filters: object) => [...ROOT, 'summary', filters] as const,
  detail: (id: string) => [...ROOT, 'detail', id] as const,
  history: (id: string) => [...ROOT, 'history', id] as const,
  clienti: (q: string) => [...ROOT, 'picker', 'clienti', q] as const,
  blocchi: (collaudoId: string, q: string) => [...ROOT, 'picker', 'blocchi', collaudoId, q] as const,
  diCliente: (clienteId: string) => [...ROOT, 'di-cliente', clienteId] as const,
};

export type CollaudoFilters = Omit<CollaudoFilterInput, 'bloccoId'>;

export interface CollaudoListParams extends CollaudoFilters {
  page: number;
  limit: number;
  sort: string;
}

/** After a collaudo changes: its caches and the blocks it holds, sells or gives back. */
export function invalidateAfterCollaudo(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ROOT }), queryClient.invalidateQueries({ queryKey: queryRoots.blocchi })]);
}
