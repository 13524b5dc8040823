import { queryOptions, useQuery } from '@tanstack/react-query';
import { anagraficaSchema, type AnagraficaKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys } from './keys';

/** GET /api/clienti/:id (404 for a record of another company or one that does not exist). */
export function getAnagrafica(kind: AnagraficaKind, id: string, signal?: AbortSignal) {
  return api.get(`/api/${kind}/${encodeURIComponent(id)}`, { schema: anagraficaSchema, signal });
}

export const anagraficaQueryOptions = (kind: AnagraficaKind, id: string) =>
  queryOptions({
    queryKey: anagraficaKeys.detail(kind, id),
    queryFn: ({ signal }) => getAnagrafica(kind, id, signal),
  });

export function useAnagrafica(kind: AnagraficaKind, id: string) {
  return useQuery(anagraficaQueryOptions(kind, id));
}
