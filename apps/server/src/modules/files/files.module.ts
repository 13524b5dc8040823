import type { Config } from '../../config/config.js';
import { defineModule } from '../../lib/module.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import { filesRoutes } from './files.routes.js';

export const filesModule = defineModule({
  name: 'files',
  routes: async (
    app,
    {
      storage,
      links,
      config,
    }: { storage: Storage; links: SessionLinks; config: Pick<Config, 'S3_PRESIGNED'> },
  ) => {
    await app.register(filesRoutes, { storage, links, presigned: config.S3_PRESIGNED });
  },
});
