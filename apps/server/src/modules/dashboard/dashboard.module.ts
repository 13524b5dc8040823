import type { Db } from '../../db/client.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule } from '../../lib/module.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  routes: async (
    app,
    { db, entities, counts }: { db: Db; entities: EntityRegistry; counts: CountCache },
  ) => {
    await app.register(dashboardRoutes, {
      dashboard: createDashboardService({ db, entities, counts }),
    });
  },
});
