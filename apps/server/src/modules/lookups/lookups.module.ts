import type { Db } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import { lookupsRoutes } from './lookups.routes.js';
import { createLookupsService, type LookupsService } from './lookups.service.js';

/** The small lists (cave, materiali, ubicazioni, macchine): one generic service and routes per kind. */
export const lookupsModule = defineModule({
  name: 'lookups',
  services: ({ db }: { db: Db }) => ({
    lookups: {
      cave: createLookupsService({ db, kind: 'cave' }),
      materiali: createLookupsService({ db, kind: 'materiali' }),
      ubicazioni: createLookupsService({ db, kind: 'ubicazioni' }),
      macchine: createLookupsService({ db, kind: 'macchine' }),
    },
  }),
  routes: async (app, { lookups }: { lookups: { [K in 'cave' | 'materiali' | 'ubicazioni' | 'macchine']: LookupsService<K> } }) => {
    for (const kind of ['cave', 'materiali', 'ubicazioni', 'macchine'] as const) {
      await app.register(lookupsRoutes, { kind, service: lookups[kind] });
    }
  },
});
