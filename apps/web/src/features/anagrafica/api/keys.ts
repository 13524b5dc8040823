import type { z } from 'zod';
import type { AnagraficaKind, anagraficaFilterSchema } from '@gestcava/contracts';

/** Query keys of the clienti / fornitori caches: everything of a kind starts with ['anagrafica', kind]. */
export const anagraficaKeys = {
  all: (kind: AnagraficaKind) => ['anagrafica', kind] as const,
  list: (kind: AnagraficaKind, params: object) => ['anagrafica', kind, 'list', params] as const,
  summary: (kind: AnagraficaKind, filters: object) => ['anagrafica', kind, 'summary', filters] as const,
  detail: (kind: AnagraficaKind, id: string) => ['anagrafica', kind, 'detail', id] as const,
  history: (kind: AnagraficaKind, id: string) => ['anagrafica', kind, 'history', id] as const,
};

/** The filters the list, its summary and its export share, as the server reads them from the URL. */
export type AnagraficaFilters = z.input<typeof anagraficaFilterSchema>;

export interface AnagraficaListParams extends AnagraficaFilters {
  page: number;
  limit: number;
  sort: string;
}
