import type { Db } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import { statisticheRoutes } from './statistiche.routes.js';
import { createStatisticheService } from './statistiche.service.js';

export const statisticheModule = defineModule({
  name: 'statistiche',
  routes: async (app, { db }: { db: Db }) => {
    await app.register(statisticheRoutes, { statistiche: createStatisticheService({ db }) });
  },
});
