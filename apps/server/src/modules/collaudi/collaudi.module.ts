import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import { createCollaudiDocuments } from './collaudi.documents.js';
import { collaudiRoutes } from './collaudi.routes.js';
import { seedCollaudi } from './collaudi.seed.js';
import { createCollaudiService, type CollaudiService } from './collaudi.service.js';

type RouteDeps = {
  db: Db;
  collaudi: CollaudiService;
  clienti: AnagraficaService;
  storage: Storage;
  renderPool: RenderPool;
  links: SessionLinks;
};

/** Buyers' inspections of blocks; the verbale PDF is an HTTP-side document built with the routes. */
export const collaudiModule = defineModule({
  name: 'collaudi',
  services: (deps: {
    db: Db;
    blocchi: BlocchiService;
    clienti: AnagraficaService;
    entities: EntityRegistry;
  }) => ({ collaudi: createCollaudiService(deps) }),
  routes: async (app, deps: RouteDeps) => {
    await app.register(collaudiRoutes, {
      collaudi: deps.collaudi,
      documents: createCollaudiDocuments(deps),
    });
  },
  // After the transfers' step: the blocks they took are no longer for sale here.
  seed: (ctx: SeedContext<{ collaudi: CollaudiService; blocchi: BlocchiService }>) =>
    seedCollaudi(ctx.db, ctx.services, {
      marmiId: ctx.companyIds.marmi,
      userId: ctx.userIds['vendite@cava.example']!,
    }),
});
