import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { anagraficaPickerItemSchema, bloccoSegabileSchema, macchinaPickerSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lavorazioniLastreKeys } from './keys';

/**
 * The plan form's choices, read under this module's own permission (no blocchi, macchine or
 * fornitori page needed): disponibile blocks (own and bought-in) by code, the machines, the terzisti.
 */
export function getBlocchiSegabili(q: string, signal?: AbortSignal) {
  return api.get('/api/lavorazioni-lastre/blocchi-segabili', { query: { q: q.trim() || undefined }, schema: z.array(bloccoSegabileSchema), signal });
}

export const blocchiSegabiliQueryOptions = (q: string) =>
  queryOptions({
    queryKey: lavorazioniLastreKeys.blocchiSegabili(q.trim()),
    queryFn: ({ signal }) => getBlocchiSegabili(q, signal),
    staleTime: 30_000,
  });

export function getMacchinePicker(signal?: AbortSignal) {
  return api.get('/api/lavorazioni-lastre/macchine', { schema: z.array(macchinaPickerSchema), signal });
}

export function useMacchinePicker() {
  return useQuery({ queryKey: lavorazioniLastreKeys.macchine, queryFn: ({ signal }) => getMacchinePicker(signal), staleTime: 5 * 60_000 });
}

export function searchTerzisti(q: string, signal?: AbortSignal) {
  return api.get('/api/lavorazioni-lastre/terzisti', { query: { q: q.trim() || undefined }, schema: z.array(anagraficaPickerItemSchema), signal });
}

export const terzistiQueryOptions = (q: string) =>
  queryOptions({
    queryKey: lavorazioniLastreKeys.terzisti(q.trim()),
    queryFn: ({ signal }) => searchTerzisti(q, signal),
    staleTime: 60_000,
  });
