import type { z } from 'zod';
import type { bancataFilterSchema } from '@gestcava/contracts';

/** Query keys of the bancate caches: everything starts with ['bancate']. */
export const bancataKeys = {
  all: ['bancate'] as const,
  list: (params: object) => ['bancate', 'list', params] as const,
  summary: (filters: object) => ['bancate', 'summary', filters] as const,
  detail: (id: string) => ['bancate', 'detail', id] as const,
  history: (id: string) => ['bancate', 'history', id] as const,
  blocchi: (id: string) => ['bancate', 'blocchi', id] as const,
};

/** The filters the list and its summary share, as the server reads them from the URL. */
export type BancataFilters = z.input<typeof bancataFilterSchema>;

export interface BancataListParams extends BancataFilters {
  page: number;
  limit: number;
  sort: string;
}
