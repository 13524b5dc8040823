import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lottoListQuerySchema} from '@gestcava/contracts';
import { historySchema, lottoSchema, movimentoSchema, pageOf, stockSummarySchema } from '@gestcava/contracts';
import { api, apiDownload } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const ROOT = queryRoots.magazzinoPavimenti;
const BASE = '/api/magazzino/lotti';

/** Query keys of the tile stock: everything starts with queryRoots.magazzinoPavimenti (a completion refreshes it). */
export const magazzinoPavimentiKeys = {
  list: (params: object) => [...ROOT, 'lotti', 'list', params] as const,
  summary: (filters: object) => [...ROOT, 'lotti', 'summary', filters] as const,
  detail: (id: string) => [...ROOT, 'lotti', 'detail', id] as const,
  history: (id: string) => [...ROOT, 'lotti', 'history', id] as const,
  movimenti: (lottoId: string) => [...ROOT, 'movimenti', lottoId] as const,
};

type Paging = 'page' | 'limit' | 'sort';
/** What the list and its totals share (the URL's text for numbers and flags). */
export type LottoFilters = Omit<z.input<typeof lottoListQuerySchema>, Paging | 'spessoreMm' | 'esauriti'> & { spessoreMm?: string; esauriti?: string };

const pageSchema = pageOf(lottoSchema);

/** GET /api/magazzino/lotti: lots with stock on hand (all with esauriti=true), filtered and paged. */
export function useLotti(params: LottoFilters & { page: number; limit: number; sort: string }) {
  return useQuery({ queryKey: magazzinoPavimentiKeys.list(params), queryFn: ({ signal }) => api.get(BASE, { query: { ...params }, schema: pageSchema, signal }), placeholderData: keepPreviousData });
}

/** GET /api/magazzino/lotti/summary → { count, pezzi, mq, pesoT }. */
export function useLottiSummary(filters: LottoFilters) {
  return useQuery({ queryKey: magazzinoPavimentiKeys.summary(filters), queryFn: ({ signal }) => api.get(`${BASE}/summary`, { query: { ...filters }, schema: stockSummarySchema, signal }), placeholderData: keepPreviousData });
}

export function useLotto(id: string) {
  return useQuery({ queryKey: magazzinoPavimentiKeys.detail(id), queryFn: ({ signal }) => api.get(`${BASE}/${encodeURIComponent(id)}`, { schema: lottoSchema, signal }) });
}

export function useLottoHistory(id: string) {
  return useQuery({ queryKey: magazzinoPavimentiKeys.history(id), queryFn: ({ signal }) => api.get(`${BASE}/${encodeURIComponent(id)}/history`, { schema: historySchema, signal }) });
}

/** GET /api/magazzino/movimenti?lottoId: the lot's rows of the stock ledger, newest first. */
export function useLottoMovimenti(lottoId: string) {
  return useQuery({
    queryKey: magazzinoPavimentiKeys.movimenti(lottoId),
    queryFn: ({ signal }) => api.get('/api/magazzino/movimenti', { query: { lottoId, limit: 100 }, schema: pageOf(movimentoSchema), signal }),
  });
}

/** GET /api/magazzino/lotti/export?format=csv|xlsx&<filters>&sort: the filtered list as a file. */
export function exportLotti(filters: LottoFilters & { sort: string }, format: 'csv' | 'xlsx') {
  return apiDownload(`${BASE}/export`, { query: { ...filters, format }, timeoutMs: 60_000 });
}
