import { dashboardSchema } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import type { DashboardService } from './dashboard.service.js';

/**
 * GET /api/dashboard: every signed-in user has a dashboard (docs/api.md "Who may call what"), so the rule is `authenticated`;
 * which figures the answer holds follows the user's page permissions inside the service.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dashboard'], response: { 200: dashboardSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return dashboard.get(auth.companyId, auth.user);
    },
  );
};
