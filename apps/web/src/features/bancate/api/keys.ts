import type { BancataStato } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';

/** Query keys of the bancate caches: everything starts with ['bancate'] (queryRoots.bancate). */
export const bancataKeys = {
  all: queryRoots.bancate,
  list: (params: object) => [...queryRoots.bancate, 'list', params] as const,
  summary: (filters: object) => [...queryRoots.bancate, 'summary', filters] as const,
  detail: (id: string) => [...queryRoots.bancate, 'detail', id] as const,
  history: (id: string) => [...queryRoots.bancate, 'history', id] as const,
  blocchi: (id: string) => [...queryRoots.bancate, 'blocchi', id] as const,
};

/** The filters the list and its summary share (server names). */
export interface BancataFilters {
  q?: string;
  stato?: BancataStato;
  cavaId?: string;
  materialeId?: string;
  dal?: string;
  al?: string;
}

export interface BancataListParams extends BancataFilters {
  page: number;
  limit: number;
  sort: string;
}
