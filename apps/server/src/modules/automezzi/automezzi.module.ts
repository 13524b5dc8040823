import type { Db } from '../../db/client.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import { automezziRoutes } from './automezzi.routes.js';
import { seedAutomezzi } from './automezzi.seed.js';
import { createAutomezziService, type AutomezziService } from './automezzi.service.js';

/** A company's trucks, the vettore's truck a DDT names. */
export const automezziModule = defineModule({
  name: 'automezzi',
  services: ({ db }: { db: Db }) => ({ automezzi: createAutomezziService({ db }) }),
  routes: async (app, { automezzi }: { automezzi: AutomezziService }) => {
    await app.register(automezziRoutes, { automezzi });
  },
  seed: (ctx: SeedContext<{ automezzi: AutomezziService }>) =>
    seedAutomezzi(ctx.services.automezzi, {
      companyIds: ctx.companyIds,
      userId: ctx.userIds['admin@cava.example']!,
    }),
  exportSample: {
    path: '/api/automezzi',
    body: (text: string) => ({ targa: 'AB123CD', descrizione: text, portataT: 25 }),
  },
});
