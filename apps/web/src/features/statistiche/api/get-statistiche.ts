import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { statisticheSchema, type StatistichePer, type StatisticheSezione } from '@gestcava/contracts';
import { api, apiDownload } from '@/lib/api';
import { statisticheKeys } from './keys';

export interface StatisticheParams {
  dal: string;
  al: string;
  per: StatistichePer;
}

/**
 * GET /api/statistiche/<section>: the figures of the period grouped by `per`, with the comparison.
 * The previous answer stays on screen while the next period loads, so the chart does not blink away.
 */
export function statisticheQuery(section: StatisticheSezione, params: StatisticheParams) {
  return queryOptions({
    queryKey: statisticheKeys.section(section, params),
    queryFn: ({ signal }) => api.get(`/api/statistiche/${section}`, { query: { ...params }, schema: statisticheSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/statistiche/<section>/export: the table on screen as a file. */
export function exportStatistiche(section: StatisticheSezione, params: StatisticheParams, format: 'csv' | 'xlsx') {
  return apiDownload(`/api/statistiche/${section}/export`, { query: { ...params, format }, timeoutMs: 60_000 });
}
