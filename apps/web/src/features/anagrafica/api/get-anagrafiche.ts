import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { anagraficaSchema, pageOf, type AnagraficaKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { anagraficaKeys, type AnagraficaListParams } from './keys';

const anagraficaPageSchema = pageOf(anagraficaSchema);

/** GET /api/clienti (or fornitori) ?page&limit&sort&q&nazione&provincia&attivo */
export function getAnagrafiche(kind: AnagraficaKind, params: AnagraficaListParams, signal?: AbortSignal) {
  return api.get(`/api/${kind}`, { query: { ...params }, schema: anagraficaPageSchema, signal });
}

export const anagraficheQueryOptions = (kind: AnagraficaKind, params: AnagraficaListParams) =>
  queryOptions({
    queryKey: anagraficaKeys.list(kind, params),
    queryFn: ({ signal }) => getAnagrafiche(kind, params, signal),
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });

export function useAnagrafiche(kind: AnagraficaKind, params: AnagraficaListParams) {
  return useQuery(anagraficheQueryOptions(kind, params));
}
