import { dashboardSchema } from '@gestcava/contracts';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * GET /api/dashboard: KPIs, 12-month series, latest activity and derived agenda events in one
 * request. A minute fresh: the figures move with the yard's day, not second by second.
 */
const dashboard = defineResource({ key: queryRoots.dashboard, base: '/api/dashboard' });

export const useDashboard = dashboard.read(() => ({
  key: [],
  url: '/api/dashboard',
  schema: dashboardSchema,
  staleTime: 60_000,
})).use;
