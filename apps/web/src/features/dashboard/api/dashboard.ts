import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** Query keys of the dashboard: one answer, refreshed when it goes stale or the window regains focus. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export const DASHBOARD_URL = '/api/dashboard';

/**
 * GET /api/dashboard: KPIs, 12-month series, latest activity and derived agenda events in one
 * request. A minute fresh: the figures move with the yard's day, not second by second.
 */
export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => api.get(DASHBOARD_URL, { schema: dashboardSchema, signal }),
  staleTime: 60_000,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
