import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import type { Readiness } from '../../lib/readiness.js';
import { systemRoutes } from './system.routes.js';

export const systemModule = defineModule({
  name: 'system',
  routes: async (
    app,
    { database, readiness, config }: { database: Database; readiness: Readiness; config: Config },
  ) => {
    await app.register(systemRoutes, {
      database,
      readiness,
      productionDomain: config.PRODUCTION_DOMAIN,
    });
  },
});
