import type { Db } from '../../db/client.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BancateService } from '../bancate/bancate.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { blocchiRoutes } from './blocchi.routes.js';
import { createBlocchiService, type BlocchiService } from './blocchi.service.js';
import { seedProduction } from './production.seed.js';

type Deps = {
  db: Db;
  bancate: BancateService;
  lookups: { materiali: LookupsService<'materiali'>; ubicazioni: LookupsService<'ubicazioni'> };
  clienti: AnagraficaService;
  fornitori: AnagraficaService;
  entities: EntityRegistry;
  counts: CountCache;
};

/** Own blocks (`/api/blocchi`) and bought-in ones (`/api/blocchi-esterni`): one service, the routes twice. */
export const blocchiModule = defineModule({
  name: 'blocchi',
  services: ({ lookups, ...deps }: Deps) => ({
    blocchi: createBlocchiService({
      ...deps,
      materiali: lookups.materiali,
      ubicazioni: lookups.ubicazioni,
    }),
  }),
  routes: async (
    app,
    deps: {
      blocchi: BlocchiService;
      bancate: BancateService;
      clienti: AnagraficaService;
      fornitori: AnagraficaService;
    },
  ) => {
    const { blocchi, bancate, clienti, fornitori } = deps;
    await app.register(blocchiRoutes, { origine: 'interno', blocchi, bancate, clienti, fornitori });
    await app.register(blocchiRoutes, { origine: 'esterno', blocchi, bancate, clienti, fornitori });
  },
  seed: (ctx: SeedContext<{ bancate: BancateService }>) =>
    seedProduction(ctx.db, ctx.services.bancate, {
      marmiId: ctx.companyIds.marmi,
      segheriaId: ctx.companyIds.segheria,
      userId: ctx.userIds['produzione@cava.example']!,
    }),
});
