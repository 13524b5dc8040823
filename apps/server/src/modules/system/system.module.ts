import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import { systemRoutes } from './system.routes.js';

export const systemModule = defineModule({
  name: 'system',
  routes: async (app, { database, config }: { database: Database; config: Config }) => {
    await app.register(systemRoutes, { database, productionDomain: config.PRODUCTION_DOMAIN });
  },
});
