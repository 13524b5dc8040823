import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bloccoSegabileSchema,
  historySchema,
  lastraTagliabileSchema,
  lavorazionePavimentiListItemSchema,
  lavorazionePavimentiSchema,
  lavorazionePavimentiSummarySchema,
  pageOf,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { lavorazioniPavimentiKeys, type LavorazionePavimentiFilters, type LavorazionePavimentiListParams } from './keys';

const BASE = '/api/lavorazioni-pavimenti';
const pageSchema = pageOf(lavorazionePavimentiListItemSchema);

/** GET /api/lavorazioni-pavimenti?page&limit&sort&q&stato&materialeId&dal&al */
export function useLavorazioniPavimenti(params: LavorazionePavimentiListParams) {
  return useQuery({
    queryKey: lavorazioniPavimentiKeys.list(params),
    queryFn: ({ signal }) => api.get(BASE, { query: { ...params }, schema: pageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/lavorazioni-pavimenti/summary → { count, pezzi, mqProdotti, scartoMq }. */
export function useLavorazioniPavimentiSummary(filters: LavorazionePavimentiFilters) {
  return useQuery({
    queryKey: lavorazioniPavimentiKeys.summary(filters),
    queryFn: ({ signal }) => api.get(`${BASE}/summary`, { query: { ...filters }, schema: lavorazionePavimentiSummarySchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/lavorazioni-pavimenti/:id: the cut with its block or slabs and the lot it produced. */
export function useLavorazionePavimenti(id: string) {
  return useQuery({
    queryKey: lavorazioniPavimentiKeys.detail(id),
    queryFn: ({ signal }) => api.get(`${BASE}/${encodeURIComponent(id)}`, { schema: lavorazionePavimentiSchema, signal }),
  });
}

export function useLavorazionePavimentiHistory(id: string) {
  return useQuery({
    queryKey: lavorazioniPavimentiKeys.history(id),
    queryFn: ({ signal }) => api.get(`${BASE}/${encodeURIComponent(id)}/history`, { schema: historySchema, signal }),
  });
}

/** The plan form's choices under this module's permission: disponibile blocks by code. */
export const blocchiTagliabiliQueryOptions = (q: string) =>
  queryOptions({
    queryKey: lavorazioniPavimentiKeys.blocchi(q.trim()),
    queryFn: ({ signal }) => api.get(`${BASE}/blocchi-tagliabili`, { query: { q: q.trim() || undefined }, schema: z.array(bloccoSegabileSchema), signal }),
    staleTime: 30_000,
  });

/** …and disponibile slabs, by their code or their bundle's. */
export function useLastreTagliabili(q: string) {
  return useQuery({
    queryKey: lavorazioniPavimentiKeys.lastre(q.trim()),
    queryFn: ({ signal }) => api.get(`${BASE}/lastre-tagliabili`, { query: { q: q.trim() || undefined }, schema: z.array(lastraTagliabileSchema), signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
