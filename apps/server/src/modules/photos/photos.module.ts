import type { EntityRegistry } from '../../lib/entities.js';
import { defineModule } from '../../lib/module.js';
import { photosRoutes } from './photos.routes.js';
import { photoSegniRoutes } from './photos.segni.routes.js';
import type { PhotosService } from './photos.service.js';
import type { PhotoSync } from './photos.sync.js';

/** Photos of any entity; the service and its background sync belong to the platform (app.ts stops the sync on close). */
export const photosModule = defineModule({
  name: 'photos',
  routes: async (
    app,
    {
      photos,
      photoSync,
      entities,
    }: { photos: PhotosService; photoSync: PhotoSync; entities: EntityRegistry },
  ) => {
    await app.register(photosRoutes, { photos, sync: photoSync, entities });
    await app.register(photoSegniRoutes, { photos, entities });
  },
});
