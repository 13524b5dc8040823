import type { Db } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import { caveTariffeRoutes } from './cave-tariffe.routes.js';
import { createCaveTariffeService, type CaveTariffeService } from './cave-tariffe.service.js';
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
    // a quarry's tariffs for the contributo di estrazione (settings, beside the cave list)
    caveTariffe: createCaveTariffeService({ db }),
  }),
  routes: async (
    app,
    {
      lookups,
      caveTariffe,
    }: {
      lookups: { [K in 'cave' | 'materiali' | 'ubicazioni' | 'macchine']: LookupsService<K> };
      caveTariffe: CaveTariffeService;
    },
  ) => {
    for (const kind of ['cave', 'materiali', 'ubicazioni', 'macchine'] as const) {
      await app.register(lookupsRoutes, { kind, service: lookups[kind] });
    }
    await app.register(caveTariffeRoutes, { tariffe: caveTariffe });
  },
});
