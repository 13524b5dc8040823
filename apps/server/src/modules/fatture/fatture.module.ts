import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { Storage } from '../../lib/storage.js';
import { createFattureDocuments } from './fatture.documents.js';
import { registerFatturaEntity } from './fatture.entity.js';
import { fattureRoutes } from './fatture.routes.js';
import { seedFatture } from './fatture.seed.js';
import { createFattureService, type FattureService } from './fatture.service.js';
import { refuseAnnullaOfInvoicedDdt } from './fatture.ddt-guard.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { DdtService } from '../ddt/ddt.service.js';

/** Fatture: the electronic invoice of what the DDTs shipped (docs/fatture.md). */
export const fattureModule = defineModule({
  name: 'fatture',
  services: (deps: { db: Db; entities: EntityRegistry; ddt: DdtService }) => {
    registerFatturaEntity(deps.entities, deps.db);
    // an invoiced DDT is not cancelled: the invoice is corrected with a note of credit
    deps.ddt.onAnnulla(refuseAnnullaOfInvoicedDdt);
    return { fatture: createFattureService(deps) };
  },
  routes: async (
    app,
    deps: {
      db: Db;
      fatture: FattureService;
      storage: Storage;
      renderPool: RenderPool;
      clienti: AnagraficaService;
    },
  ) => {
    await app.register(fattureRoutes, {
      fatture: deps.fatture,
      storage: deps.storage,
      clienti: deps.clienti,
      documents: createFattureDocuments(deps),
    });
  },
  // After the DDTs: what they shipped is invoiced month by month.
  seed: (ctx: SeedContext<{ fatture: FattureService }>) =>
    seedFatture(ctx.db, ctx.services, {
      marmiId: ctx.companyIds.marmi,
      userId: ctx.userIds['vendite@cava.example']!,
    }),
});
