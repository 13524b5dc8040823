import type { Config } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import { defineModule, type SeedContext } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { CondivisioniEvents } from './condivisioni.events.js';
import { createCondivisioniPublic } from './condivisioni.public.js';
import { condivisioniPublicRoutes } from './condivisioni.public-routes.js';
import { condivisioniRoutes } from './condivisioni.routes.js';
import { seedCondivisioni } from './condivisioni.seed.js';
import { createCondivisioniService, type CondivisioniService } from './condivisioni.service.js';

/** Links that show a buyer some blocks and take the answer (docs/condivisioni.md). */
export const condivisioniModule = defineModule({
  name: 'condivisioni',
  services: ({ db }: { db: Db }) => ({ condivisioni: createCondivisioniService({ db }) }),
  routes: async (
    app,
    {
      db,
      condivisioni,
      storage,
      config,
      clienti,
      photos,
      condivisioniEvents,
    }: {
      db: Db;
      condivisioni: CondivisioniService;
      storage: Storage;
      config: Config;
      clienti: AnagraficaService;
      photos: PhotosService;
      condivisioniEvents: CondivisioniEvents;
    },
  ) => {
    await app.register(condivisioniRoutes, {
      condivisioni,
      clienti,
      publicUrl: config.publicUrl,
    });
    await app.register(condivisioniPublicRoutes, {
      pubblico: createCondivisioniPublic({ db, events: condivisioniEvents }),
      storage,
      photos,
    });
  },
  seed: (ctx: SeedContext<{ condivisioni: CondivisioniService }>) => seedCondivisioni(ctx),
});
