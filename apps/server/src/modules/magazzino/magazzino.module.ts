import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule } from '../../lib/module.js';
import { magazzinoRoutes } from './magazzino.routes.js';
import { createMagazzinoService, type MagazzinoService } from './magazzino.service.js';

/** The ledger of stock movements and the stock history; the stock itself is its sibling module (stock.module.ts). */
export const magazzinoModule = defineModule({
  name: 'magazzino',
  services: ({ db, entities }: { db: Db; entities: EntityRegistry }) => ({
    magazzino: createMagazzinoService({ db, entities }),
  }),
  routes: async (app, { magazzino }: { magazzino: MagazzinoService }) => {
    await app.register(magazzinoRoutes, { magazzino });
  },
});
