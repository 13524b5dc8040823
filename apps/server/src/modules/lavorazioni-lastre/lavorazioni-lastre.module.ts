import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import { lavorazioniLastreRoutes } from './lavorazioni-lastre.routes.js';
import { seedLavorazioniLastre } from './lavorazioni-lastre.seed.js';
import {
  createLavorazioniLastreService,
  type LavorazioniLastreService,
} from './lavorazioni-lastre.service.js';

type Deps = {
  db: Db;
  blocchi: BlocchiService;
  lookups: { macchine: LookupsService<'macchine'>; ubicazioni: LookupsService<'ubicazioni'> };
  fornitori: AnagraficaService;
  magazzino: MagazzinoService;
  entities: EntityRegistry;
};

/** Sawing blocks into slabs. */
export const lavorazioniLastreModule = defineModule({
  name: 'lavorazioni-lastre',
  services: ({ lookups, ...deps }: Deps) => ({
    lavorazioniLastre: createLavorazioniLastreService({
      ...deps,
      macchine: lookups.macchine,
      ubicazioni: lookups.ubicazioni,
    }),
  }),
  routes: async (app, { lavorazioniLastre }: { lavorazioniLastre: LavorazioniLastreService }) => {
    await app.register(lavorazioniLastreRoutes, { lavorazioni: lavorazioniLastre });
  },
  seed: (
    ctx: SeedContext<{ lavorazioniLastre: LavorazioniLastreService; magazzino: MagazzinoService }>,
  ) =>
    seedLavorazioniLastre(ctx.db, ctx.services.lavorazioniLastre, ctx.services.magazzino, [
      {
        companyId: ctx.companyIds.marmi,
        userId: ctx.userIds['magazzino@cava.example']!,
        completate: 4,
        ubicazione: 'Piazzale Avenza',
      },
      {
        companyId: ctx.companyIds.segheria,
        userId: ctx.userIds['segheria@cava.example']!,
        completate: 3,
        ubicazione: 'Cavalletti capannone A',
      },
    ]),
});
