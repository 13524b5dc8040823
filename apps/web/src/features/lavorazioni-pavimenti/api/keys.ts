import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lavorazionePavimentiFilterSchema } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';

const ROOT = ['lavorazioni-pavimenti'] as const;

/** Query keys of the tile cuts: everything starts with ['lavorazioni-pavimenti']. */
export const lavorazioniPavimentiKeys = {
  all: ROOT,
  list: (params: object) => [...ROOT, 'list', params] as const,
  summary: (filters: object) => [...ROOT, 'summary', filters] as const,
  detail: (id: string) => [...ROOT, 'detail', id] as const,
  history: (id: string) => [...ROOT, 'history', id] as const,
  blocchi: (q: string) => [...ROOT, 'picker', 'blocchi', q] as const,
  lastre: (q: string) => [...ROOT, 'picker', 'lastre', q] as const,
};

export type LavorazionePavimentiFilters = z.input<typeof lavorazionePavimentiFilterSchema>;

export interface LavorazionePavimentiListParams extends LavorazionePavimentiFilters {
  page: number;
  limit: number;
  sort: string;
}

/** After a cut changes: its caches, the block or slabs it takes (blocchi, magazzino lastre) and, once completed, the lots. */
export function invalidateAfterLavorazionePavimenti(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROOT }),
    queryClient.invalidateQueries({ queryKey: queryRoots.blocchi }),
    queryClient.invalidateQueries({ queryKey: queryRoots.magazzinoLastre }),
    queryClient.invalidateQueries({ queryKey: queryRoots.magazzinoPavimenti }),
  ]);
}
