import { forbidden } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth/sessions.js';
import type { PhotosDeps, Target } from './photos.common.js';
import { createPhotosCore } from './photos.core.js';
import { createPhotosGallery } from './photos.gallery.js';
import { createPhotoSegni } from './photos.segni.js';
import * as repo from './photos.repository.js';
import { createPhotosRemove } from './photos.remove.js';
import { createPhotosUpload } from './photos.upload.js';
import { createPhotosZip } from './photos.zip.js';

export type PhotosService = ReturnType<typeof createPhotosService>;

/**
 * Photos of any registered entity. Each group of operations is a file, assembled here: the reads
 * (`photos.gallery.ts`), uploads and imports (`photos.upload.ts`, through the pipeline of
 * `photos.import.ts`), removals (`photos.remove.ts`), the zip (`photos.zip.ts`) and the marks drawn
 * on a photo (`photos.segni.ts`).
 */
export function createPhotosService(deps: PhotosDeps) {
  const { db, storage, entities } = deps;
  entities.onCodiceChange((tx, type, companyId, id, codice) =>
    repo.renameCodice(tx, companyId, type, id, codice),
  );
  const core = createPhotosCore(deps);
  const segni = createPhotoSegni({
    db,
    storage,
    photoInCompany: core.photoInCompany,
    assertCanRead: (user: AuthUser, t: Target) => {
      if (!core.canRead(user, t)) throw forbidden();
    },
    assertCanWrite: core.assertCanWrite,
  });

  return {
    ...segni,
    ...createPhotosGallery(deps, core),
    ...createPhotosUpload(deps, core),
    ...createPhotosRemove(deps, core),
    ...createPhotosZip(deps, core),
  };
}
