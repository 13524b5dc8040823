import type { z } from 'zod';
import type { lastraListQuerySchema, paccoListQuerySchema } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';

const ROOT = queryRoots.magazzinoLastre;

/** Query keys of the slab stock: everything starts with queryRoots.magazzinoLastre (a completion refreshes it). */
export const magazzinoLastreKeys = {
  all: ROOT,
  pacchi: (params: object) => [...ROOT, 'pacchi', 'list', params] as const,
  pacchiSummary: (filters: object) => [...ROOT, 'pacchi', 'summary', filters] as const,
  pacco: (id: string) => [...ROOT, 'pacchi', 'detail', id] as const,
  lastre: (params: object) => [...ROOT, 'lastre', 'list', params] as const,
  lastreSummary: (filters: object) => [...ROOT, 'lastre', 'summary', filters] as const,
  lastra: (id: string) => [...ROOT, 'lastre', 'detail', id] as const,
  movimenti: (params: object) => [...ROOT, 'movimenti', params] as const,
};

type Paging = 'page' | 'limit' | 'sort';
/** What the lists and their totals share (the URL's text for numbers and flags). */
export type PaccoFilters = Omit<z.input<typeof paccoListQuerySchema>, Paging | 'spessoreMm' | 'esauriti'> & { spessoreMm?: string; esauriti?: string };
export type LastraFilters = Omit<z.input<typeof lastraListQuerySchema>, Paging | 'spessoreMm' | 'esauriti'> & { spessoreMm?: string; esauriti?: string };

export interface ListPaging {
  page: number;
  limit: number;
  sort: string;
}
