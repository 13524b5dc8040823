import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf, paccoSchema, stockSummarySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { magazzinoLastreKeys, type ListPaging, type PaccoFilters } from './keys';

const pageSchema = pageOf(paccoSchema);

/** GET /api/magazzino/pacchi?page&limit&sort&q&materialeId&spessoreMm&finitura&scelta&ubicazioneId */
export function getPacchi(params: PaccoFilters & ListPaging, signal?: AbortSignal) {
  return api.get('/api/magazzino/pacchi', { query: { ...params }, schema: pageSchema, signal });
}

export function usePacchi(params: PaccoFilters & ListPaging) {
  return useQuery({ queryKey: magazzinoLastreKeys.pacchi(params), queryFn: ({ signal }) => getPacchi(params, signal), placeholderData: keepPreviousData });
}

/** GET /api/magazzino/pacchi/summary?<filters> → { count, pezzi, mq, pesoT } */
export function getPacchiSummary(filters: PaccoFilters, signal?: AbortSignal) {
  return api.get('/api/magazzino/pacchi/summary', { query: { ...filters }, schema: stockSummarySchema, signal });
}

export function usePacchiSummary(filters: PaccoFilters) {
  return useQuery({ queryKey: magazzinoLastreKeys.pacchiSummary(filters), queryFn: ({ signal }) => getPacchiSummary(filters, signal), placeholderData: keepPreviousData });
}
