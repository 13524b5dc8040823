import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule } from '../../lib/module.js';
import { codiciRoutes } from './codici.routes.js';
import { createCodiciService } from './codici.service.js';

/** Looking a code up across the kinds that have one. */
export const codiciModule = defineModule({
  name: 'codici',
  routes: async (app, deps: { db: Db; entities: EntityRegistry }) => {
    await app.register(codiciRoutes, { codici: createCodiciService(deps) });
  },
});
