import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lavorazioneLastreFilterSchema } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';

const ROOT = ['lavorazioni-lastre'] as const;

/** Query keys of the sawings: everything starts with ['lavorazioni-lastre']. */
export const lavorazioniLastreKeys = {
  all: ROOT,
  list: (params: object) => [...ROOT, 'list', params] as const,
  summary: (filters: object) => [...ROOT, 'summary', filters] as const,
  detail: (id: string) => [...ROOT, 'detail', id] as const,
  history: (id: string) => [...ROOT, 'history', id] as const,
  blocchiSegabili: (q: string) => [...ROOT, 'picker', 'blocchi', q] as const,
  macchine: [...ROOT, 'picker', 'macchine'] as const,
  terzisti: (q: string) => [...ROOT, 'picker', 'terzisti', q] as const,
};

/** The filters the list and its summary share, as the server reads them from the URL. */
export type LavorazioneLastreFilters = z.input<typeof lavorazioneLastreFilterSchema>;

export interface LavorazioneLastreListParams extends LavorazioneLastreFilters {
  page: number;
  limit: number;
  sort: string;
}

/**
 * After a sawing changes: its own caches, and the block it saws (its state and genealogy, under
 * queryRoots.blocchi); a completion also loads bundles and slabs into the magazzino.
 */
export function invalidateAfterLavorazione(queryClient: QueryClient, stock = false): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ROOT }),
    queryClient.invalidateQueries({ queryKey: queryRoots.blocchi }),
    stock ? queryClient.invalidateQueries({ queryKey: queryRoots.magazzinoLastre }) : null,
  ]);
}
