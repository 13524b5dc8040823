import type { Db } from '../../db/client.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LavorazioniLastreService } from '../lavorazioni-lastre/lavorazioni-lastre.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import type { StockService } from '../magazzino/stock.service.js';
import { trasferimentiRoutes } from './trasferimenti.routes.js';
import { seedTrasferimenti } from './trasferimenti.seed.js';
import { createTrasferimentiService, type TrasferimentiService } from './trasferimenti.service.js';

type Deps = {
  db: Db;
  clienti: AnagraficaService;
  fornitori: AnagraficaService;
  lookups: { materiali: LookupsService<'materiali'> };
  blocchi: BlocchiService;
  magazzino: MagazzinoService;
  stock: StockService;
};

/** Sales between the group's companies. Its demo step saws a received block, so it comes after the sawing module. */
export const trasferimentiModule = defineModule({
  name: 'trasferimenti',
  services: ({ lookups, ...deps }: Deps) => ({
    trasferimenti: createTrasferimentiService({ ...deps, materiali: lookups.materiali }),
  }),
  routes: async (app, { trasferimenti }: { trasferimenti: TrasferimentiService }) => {
    await app.register(trasferimentiRoutes, { trasferimenti });
  },
  seed: (
    ctx: SeedContext<{
      trasferimenti: TrasferimentiService;
      lavorazioniLastre: LavorazioniLastreService;
    }>,
  ) =>
    seedTrasferimenti(ctx.db, ctx.services, {
      marmiId: ctx.companyIds.marmi,
      segheriaId: ctx.companyIds.segheria,
      marmiUserId: ctx.userIds['admin@cava.example']!,
      segheriaUserId: ctx.userIds['segheria@cava.example']!,
    }),
});
