import { defineModule } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import { filesRoutes } from './files.routes.js';

export const filesModule = defineModule({
  name: 'files',
  routes: async (app, { storage }: { storage: Storage }) => {
    await app.register(filesRoutes, { storage });
  },
});
