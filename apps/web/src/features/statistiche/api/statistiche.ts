import {
  type StatistichePer,
  statisticheSchema,
  type StatisticheSezione,
} from '@gestcava/contracts';
import { apiDownload } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/** /api/statistiche: one read per section, under ['statistiche']; nothing else refreshes them. */
const statistiche = defineResource({ key: queryRoots.statistiche, base: '/api/statistiche' });

export interface StatisticheParams {
  dal: string;
  al: string;
  per: StatistichePer;
}

/**
 * GET /api/statistiche/<section>: the figures of the period grouped by `per`, with the comparison.
 * The previous answer stays on screen while the next period loads, so the chart does not blink away.
 */
export const statisticheQuery = statistiche.read(
  (section: StatisticheSezione, params: StatisticheParams) => ({
    key: [section, params],
    url: `/api/statistiche/${section}`,
    query: params,
    schema: statisticheSchema,
    keepPrevious: true,
    staleTime: 60_000,
  }),
).options;

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
