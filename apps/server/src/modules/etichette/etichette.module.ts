import type { Config } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule } from '../../lib/module.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { Storage } from '../../lib/storage.js';
import { etichetteRoutes } from './etichette.routes.js';
import { createEtichetteService } from './etichette.service.js';

/** Printable labels with a QR code. */
export const etichetteModule = defineModule({
  name: 'etichette',
  routes: async (
    app,
    {
      config,
      ...deps
    }: {
      db: Db;
      entities: EntityRegistry;
      storage: Storage;
      renderPool: RenderPool;
      config: Config;
    },
  ) => {
    await app.register(etichetteRoutes, {
      etichette: createEtichetteService({ ...deps, publicUrl: config.publicUrl }),
    });
  },
});
