import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule } from '../../lib/module.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { bancateRoutes } from './bancate.routes.js';
import { createBancateService, type BancateService } from './bancate.service.js';

export const bancateModule = defineModule({
  name: 'bancate',
  services: ({
    db,
    lookups,
    entities,
  }: {
    db: Db;
    lookups: { cave: LookupsService<'cave'>; materiali: LookupsService<'materiali'> };
    entities: EntityRegistry;
  }) => ({
    bancate: createBancateService({
      db,
      cave: lookups.cave,
      materiali: lookups.materiali,
      entities,
    }),
  }),
  routes: async (app, { bancate }: { bancate: BancateService }) => {
    await app.register(bancateRoutes, { bancate });
  },
});
