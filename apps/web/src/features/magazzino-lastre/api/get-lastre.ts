import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lastraSchema, pageOf, stockSummarySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { magazzinoLastreKeys, type LastraFilters, type ListPaging } from './keys';

const pageSchema = pageOf(lastraSchema);

/** GET /api/magazzino/lastre?page&limit&sort&q&materialeId&spessoreMm&finitura&scelta&stato&ubicazioneId */
export function getLastre(params: LastraFilters & ListPaging, signal?: AbortSignal) {
  return api.get('/api/magazzino/lastre', { query: { ...params }, schema: pageSchema, signal });
}

export function useLastre(params: LastraFilters & ListPaging) {
  return useQuery({ queryKey: magazzinoLastreKeys.lastre(params), queryFn: ({ signal }) => getLastre(params, signal), placeholderData: keepPreviousData });
}

/** GET /api/magazzino/lastre/summary?<filters> → { count, pezzi, mq, pesoT } */
export function getLastreSummary(filters: LastraFilters, signal?: AbortSignal) {
  return api.get('/api/magazzino/lastre/summary', { query: { ...filters }, schema: stockSummarySchema, signal });
}

export function useLastreSummary(filters: LastraFilters) {
  return useQuery({ queryKey: magazzinoLastreKeys.lastreSummary(filters), queryFn: ({ signal }) => getLastreSummary(filters, signal), placeholderData: keepPreviousData });
}
