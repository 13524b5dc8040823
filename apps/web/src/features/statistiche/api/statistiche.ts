import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type StatistichePer,
  statisticheSchema,
  type StatisticheSezione,
} from '@gestcava/contracts';
import { api, apiDownload } from '@/lib/api';

const ROOT = ['statistiche'] as const;

/** Query keys of the statistics: everything starts with ['statistiche']; nothing else refreshes them. */
export const statisticheKeys = {
  all: ROOT,
  section: (
    section: StatisticheSezione,
    params: { dal: string; al: string; per: StatistichePer },
  ) => [...ROOT, section, params] as const,
};

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
    queryFn: ({ signal }) =>
      api.get(`/api/statistiche/${section}`, {
        query: { ...params },
        schema: statisticheSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/statistiche/<section>/export: the table on screen as a file. */
export function exportStatistiche(
  section: StatisticheSezione,
  params: StatisticheParams,
  format: 'csv' | 'xlsx',
) {
  return apiDownload(`/api/statistiche/${section}/export`, {
    query: { ...params, format },
    timeoutMs: 60_000,
  });
}
