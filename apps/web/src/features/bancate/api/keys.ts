import type { z } from 'zod';
import type { bancataFilterSchema } from '@gestcava/contracts';
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

/** The filters the list and its summary share, as the server reads them from the URL. */
export type BancataFilters = z.input<typeof bancataFilterSchema>;

export interface BancataListParams extends BancataFilters {
  page: number;
  limit: number;
  sort: string;
}
