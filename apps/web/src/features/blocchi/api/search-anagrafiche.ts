import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { anagraficaPickerItemSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys, type BloccoKind } from './keys';

const choicesSchema = z.array(anagraficaPickerItemSchema);

/**
 * A cliente (to opzionare a blocco) or a fornitore (of a blocco esterno) by name, from this
 * module's own pickers (DESIGN §3.1): `GET /api/blocchi/clienti-selezionabili?q=`,
 * `GET /api/blocchi-esterni/fornitori-selezionabili?q=`, read under the blocchi permission, so a
 * yard user needs no Clienti or Fornitori page.
 */
export function searchAnagrafiche(kind: BloccoKind, which: 'clienti' | 'fornitori', q: string, signal?: AbortSignal) {
  return api.get(`/api/${kind}/${which}-selezionabili`, { query: { q: q.trim() || undefined }, schema: choicesSchema, signal });
}

export const anagraficheChoicesQueryOptions = (kind: BloccoKind, which: 'clienti' | 'fornitori', q: string) =>
  queryOptions({
    queryKey: blocchiKeys.anagrafiche(kind, which, q.trim()),
    queryFn: ({ signal }) => searchAnagrafiche(kind, which, q, signal),
    staleTime: 60_000,
  });
