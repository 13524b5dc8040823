import type { Db } from '../../db/client.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import { anagraficaRoutes } from './anagrafica.routes.js';
import { seedAnagrafica } from './anagrafica.seed.js';
import { createAnagraficaService, type AnagraficaService } from './anagrafica.service.js';

/** Clients and suppliers: one service and one set of routes per kind. */
export const anagraficaModule = defineModule({
  name: 'anagrafica',
  services: ({ db }: { db: Db }) => ({
    clienti: createAnagraficaService({ db, kind: 'clienti' }),
    fornitori: createAnagraficaService({ db, kind: 'fornitori' }),
  }),
  routes: async (
    app,
    { clienti, fornitori }: { clienti: AnagraficaService; fornitori: AnagraficaService },
  ) => {
    await app.register(anagraficaRoutes, { kind: 'clienti', service: clienti });
    await app.register(anagraficaRoutes, { kind: 'fornitori', service: fornitori });
  },
  seed: (ctx: SeedContext<object>) =>
    seedAnagrafica(ctx.db, Object.values(ctx.companyIds), ctx.userIds['admin@cava.example']!),
});
