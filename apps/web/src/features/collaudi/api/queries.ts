import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  bloccoCollaudabileSchema,
  collaudiOfClienteSchema,
  collaudoListItemSchema,
  collaudoSchema,
  collaudoSummarySchema,
  historySchema,
  pageOf,
  verbaleLinkSchema,
} from '@gestcava/contracts';
import { api, apiDownload } from '@/lib/api';
import { collaudiKeys, type CollaudoFilters, type CollaudoListParams } from './keys';

export const COLLAUDI_BASE = '/api/collaudi';
const pageSchema = pageOf(collaudoListItemSchema);
const idPath = (id: string) => `${COLLAUDI_BASE}/${encodeURIComponent(id)}`;

/** GET /api/collaudi?page&limit&sort&q&stato&clienteId&dal&al */
export function useCollaudi(params: CollaudoListParams) {
  return useQuery({
    queryKey: collaudiKeys.list(params),
    queryFn: ({ signal }) => api.get(COLLAUDI_BASE, { query: { ...params }, schema: pageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/collaudi/summary → { count, perStato, blocchiVenduti, volumeVenduto, importoVenduto }. */
export function useCollaudiSummary(filters: CollaudoFilters) {
  return useQuery({
    queryKey: collaudiKeys.summary(filters),
    queryFn: ({ signal }) => api.get(`${COLLAUDI_BASE}/summary`, { query: { ...filters }, schema: collaudoSummarySchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/collaudi/export?…&format: the filtered list as a file. */
export function exportCollaudi(filters: CollaudoFilters & { sort: string }, format: 'csv' | 'xlsx') {
  return apiDownload(`${COLLAUDI_BASE}/export`, { query: { ...filters, format }, timeoutMs: 60_000 });
}

/** GET /api/collaudi/:id: header, rows with their blocks, totals of the accepted rows. */
export function useCollaudo(id: string) {
  return useQuery({
    queryKey: collaudiKeys.detail(id),
    queryFn: ({ signal }) => api.get(idPath(id), { schema: collaudoSchema, signal }),
  });
}

export function useCollaudoHistory(id: string) {
  return useQuery({
    queryKey: collaudiKeys.history(id),
    queryFn: ({ signal }) => api.get(`${idPath(id)}/history`, { schema: historySchema, signal }),
  });
}

const clientiSchema = z.array(anagraficaPickerItemSchema);

/** GET /api/collaudi/clienti-selezionabili?q=: the clienti by name, under the collaudi permission. */
export const clientiSelezionabiliQueryOptions = (q: string) =>
  queryOptions({
    queryKey: collaudiKeys.clienti(q.trim()),
    queryFn: ({ signal }) => api.get(`${COLLAUDI_BASE}/clienti-selezionabili`, { query: { q: q.trim() || undefined }, schema: clientiSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/collaudi/blocchi-collaudabili?collaudoId&q: disponibile blocks, or optioned for this collaudo's cliente. */
export const blocchiCollaudabiliQueryOptions = (collaudoId: string, q: string) =>
  queryOptions({
    queryKey: collaudiKeys.blocchi(collaudoId, q.trim()),
    queryFn: ({ signal }) => api.get(`${COLLAUDI_BASE}/blocchi-collaudabili`, { query: { collaudoId, q: q.trim() || undefined }, schema: z.array(bloccoCollaudabileSchema), signal }),
    staleTime: 15_000,
  });

export function useBlocchiCollaudabili(collaudoId: string, q: string, enabled: boolean) {
  return useQuery({ ...blocchiCollaudabiliQueryOptions(collaudoId, q), enabled, placeholderData: keepPreviousData });
}

/** GET /api/collaudi/:id/verbale-link → a short-lived signed relative URL of the verbale PDF. */
export function getVerbaleLink(id: string) {
  return api.get(`${idPath(id)}/verbale-link`, { schema: verbaleLinkSchema });
}

/** GET /api/collaudi/di-cliente/:clienteId: a cliente's collaudi and the blocks it bought. */
export function useCollaudiOfCliente(clienteId: string) {
  return useQuery({
    queryKey: collaudiKeys.diCliente(clienteId),
    queryFn: ({ signal }) => api.get(`${COLLAUDI_BASE}/di-cliente/${encodeURIComponent(clienteId)}`, { schema: collaudiOfClienteSchema, signal }),
  });
}
