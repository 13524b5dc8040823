import type { Db } from '../../db/client.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { stockRoutes } from './stock.routes.js';
import { seedStock } from './stock.seed.js';
import { createStockService, type StockService } from './stock.service.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { FaultPoints } from '../../lib/faults.js';

type Deps = {
  db: Db;
  magazzino: MagazzinoService;
  clienti: AnagraficaService;
  lookups: { ubicazioni: LookupsService<'ubicazioni'> };
};

/**
 * Slabs, bundles and tile lots for sale. Listed after the sawing and tile-cutting modules: its demo
 * step prices and sells what their steps leave in stock.
 */
export const stockModule = defineModule({
  name: 'stock',
  services: ({ db, faults, magazzino, clienti, lookups }: Deps & { faults: FaultPoints }) => ({
    stock: createStockService({ db, faults, magazzino, clienti, ubicazioni: lookups.ubicazioni }),
  }),
  routes: async (app, { stock, clienti, lookups }: { stock: StockService } & Deps) => {
    await app.register(stockRoutes, { stock, clienti, ubicazioni: lookups.ubicazioni });
  },
  seed: (ctx: SeedContext<{ stock: StockService; clienti: AnagraficaService }>) =>
    seedStock(ctx.db, ctx.services, {
      marmiId: ctx.companyIds.marmi,
      userId: ctx.userIds['magazzino@cava.example']!,
    }),
});
