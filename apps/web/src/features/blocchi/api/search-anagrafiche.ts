import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { blocchiKeys } from './keys';

/** The few fields a choice needs (DESIGN §3.1 pickers). */
const choiceSchema = z.object({
  _id: z.string(),
  ragioneSociale: z.string(),
  comune: z.string().nullish(),
  provincia: z.string().nullish(),
  partitaIva: z.string().nullish(),
});
const choicesSchema = z.object({ items: z.array(choiceSchema) });
export type AnagraficaChoice = z.infer<typeof choiceSchema>;

/**
 * A cliente (to opzionare a blocco) or a fornitore (of a blocco esterno) by name: the first 20
 * active ones matching `q`. NOTE: this reads /api/clienti and /api/fornitori, which need the
 * clienti / fornitori permission: a user with only blocchi gets 403 and the picker says so.
 * A picker served under the blocchi permission is the server's part (see the report).
 */
export function searchAnagrafiche(which: 'clienti' | 'fornitori', q: string, signal?: AbortSignal) {
  return api.get(`/api/${which}`, {
    query: { q: q.trim() || undefined, attivo: 'true', limit: 20, sort: 'ragioneSociale' },
    schema: choicesSchema,
    signal,
  });
}

export const anagraficheChoicesQueryOptions = (which: 'clienti' | 'fornitori', q: string) =>
  queryOptions({
    queryKey: blocchiKeys.anagrafiche(which, q.trim()),
    queryFn: ({ signal }) => searchAnagrafiche(which, q, signal),
    staleTime: 60_000,
  });

export function useAnagraficheChoices(which: 'clienti' | 'fornitori', q: string, enabled = true) {
  return useQuery({ ...anagraficheChoicesQueryOptions(which, q), enabled });
}
