import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { StockService } from '../magazzino/stock.service.js';
import { createDdtDocuments } from './ddt.documents.js';
import { ddtRoutes } from './ddt.routes.js';
import { seedDdt } from './ddt.seed.js';
import { createDdtService, type DdtService } from './ddt.service.js';
import type { FaultPoints } from '../../lib/faults.js';

/** Spedizioni: the DDT of what is sold and leaves the yard; the PDF and the packing list are HTTP-side documents. */
export const ddtModule = defineModule({
  name: 'ddt',
  services: (deps: {
    db: Db;
    clienti: AnagraficaService;
    blocchi: BlocchiService;
    stock: StockService;
    entities: EntityRegistry;
    faults: FaultPoints;
  }) => ({ ddt: createDdtService(deps) }),
  routes: async (
    app,
    deps: {
      db: Db;
      ddt: DdtService;
      storage: Storage;
      renderPool: RenderPool;
      links: SessionLinks;
    },
  ) => {
    await app.register(ddtRoutes, { ddt: deps.ddt, documents: createDdtDocuments(deps) });
  },
  // After the sales (collaudi, stock, transfers): what they sold leaves with its DDT.
  seed: (ctx: SeedContext<{ ddt: DdtService }>) =>
    seedDdt(ctx.db, ctx.services, {
      marmiId: ctx.companyIds.marmi,
      segheriaId: ctx.companyIds.segheria,
      userId: ctx.userIds['vendite@cava.example']!,
    }),
});
