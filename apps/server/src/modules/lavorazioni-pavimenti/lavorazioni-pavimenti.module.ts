import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import { lavorazioniPavimentiRoutes } from './lavorazioni-pavimenti.routes.js';
import { seedLavorazioniPavimenti } from './lavorazioni-pavimenti.seed.js';
import {
  createLavorazioniPavimentiService,
  type LavorazioniPavimentiService,
} from './lavorazioni-pavimenti.service.js';

type Deps = {
  db: Db;
  blocchi: BlocchiService;
  magazzino: MagazzinoService;
  lookups: { ubicazioni: LookupsService<'ubicazioni'> };
  entities: EntityRegistry;
};

/** Cutting tiles from blocks and slabs. Listed after the sawing module: its demo step cuts the slabs that one leaves. */
export const lavorazioniPavimentiModule = defineModule({
  name: 'lavorazioni-pavimenti',
  services: ({ lookups, ...deps }: Deps) => ({
    lavorazioniPavimenti: createLavorazioniPavimentiService({
      ...deps,
      ubicazioni: lookups.ubicazioni,
    }),
  }),
  routes: async (
    app,
    { lavorazioniPavimenti }: { lavorazioniPavimenti: LavorazioniPavimentiService },
  ) => {
    await app.register(lavorazioniPavimentiRoutes, { lavorazioni: lavorazioniPavimenti });
  },
  seed: (ctx: SeedContext<{ lavorazioniPavimenti: LavorazioniPavimentiService }>) =>
    seedLavorazioniPavimenti(ctx.db, ctx.services.lavorazioniPavimenti, {
      marmiId: ctx.companyIds.marmi,
      userId: ctx.userIds['magazzino@cava.example']!,
    }),
});
