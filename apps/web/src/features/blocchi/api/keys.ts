import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ENTITY_PAGES, type bloccoFilterSchema } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';

/** Own blocks (/api/blocchi) or bought-in ones (/api/blocchi-esterni): the page's permission key. */
export type BloccoKind = 'blocchi' | 'blocchi-esterni';

export const BLOCCO_KIND_LABELS: Record<BloccoKind, { title: string; singolare: string; plurale: string; base: string; icon: string }> = {
  blocchi: { title: 'Blocchi', singolare: 'Blocco', plurale: 'Blocchi', base: ENTITY_PAGES.blocco.path, icon: 'pi pi-stop' },
  // the title is the menu's (SPEC §2)
  'blocchi-esterni': { title: 'Blocchi Esterni', singolare: 'Blocco esterno', plurale: 'Blocchi esterni', base: ENTITY_PAGES['blocco-esterno'].path, icon: 'pi pi-truck' },
};

/** Query keys: everything of a kind starts with ['blocchi', kind] (queryRoots.blocchi). */
export const blocchiKeys = {
  all: (kind: BloccoKind) => [...queryRoots.blocchi, kind] as const,
  list: (kind: BloccoKind, params: object) => [...queryRoots.blocchi, kind, 'list', params] as const,
  summary: (kind: BloccoKind, filters: object) => [...queryRoots.blocchi, kind, 'summary', filters] as const,
  detail: (kind: BloccoKind, id: string) => [...queryRoots.blocchi, kind, 'detail', id] as const,
  history: (kind: BloccoKind, id: string) => [...queryRoots.blocchi, kind, 'history', id] as const,
  genealogy: (kind: BloccoKind, id: string) => [...queryRoots.blocchi, kind, 'genealogy', id] as const,
  bancateSelezionabili: [...queryRoots.blocchi, 'bancate-selezionabili'] as const,
  anagrafiche: (kind: BloccoKind, which: 'clienti' | 'fornitori', q: string) => [...queryRoots.blocchi, kind, 'picker', which, q] as const,
};

/**
 * After a blocco changes: its kind's lists and details, and the bancate (a bancata's detail shows
 * its blocchi and their totals; its cache lives under queryRoots.bancate, features/bancate).
 */
export function invalidateBlocchi(queryClient: QueryClient, kind: BloccoKind): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: blocchiKeys.all(kind) }),
    queryClient.invalidateQueries({ queryKey: queryRoots.bancate }),
  ]);
}

type AmountFilterName = 'volumeMin' | 'volumeMax' | 'prezzoMin' | 'prezzoMax';

/**
 * The filters the list, its summary and its export share, as the server reads them from the URL;
 * the amounts travel as the URL's text (z.coerce's input type is unknown).
 */
export type BloccoFilters = Omit<z.input<typeof bloccoFilterSchema>, AmountFilterName> & Partial<Record<AmountFilterName, string>>;

export interface BloccoListParams extends BloccoFilters {
  page: number;
  limit: number;
  sort: string;
}
