/** Query keys of the dashboard: one answer, refreshed when it goes stale or the window regains focus. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
