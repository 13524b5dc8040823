import type { AuthUser } from '../../lib/auth/sessions.js';
import { keysOf, type PhotosDeps } from './photos.common.js';
import type { PhotosCore } from './photos.core.js';
import * as repo from './photos.repository.js';

/** Photos out: one photo, or all of an entity's, their files released with the rows. */
export function createPhotosRemove({ db, storage }: PhotosDeps, core: PhotosCore) {
  const { findTarget, assertCanWrite, photoInCompany } = core;
  return {
    async remove(user: AuthUser, companyId: string, id: string) {
      assertCanWrite(user, (await photoInCompany(companyId, id)).target);
      const deleted = await db.transaction(async (tx) => {
        const row = await repo.deleteOne(tx, companyId, id);
        if (row) await storage.release(tx, keysOf([row]));
        return row;
      });
      // After the row is gone (docs/quality.md R7): a crash in between leaves the keys to the pending sweep.
      if (deleted) await storage.removeReleased(keysOf([deleted]));
    },

    async removeForEntity(user: AuthUser, companyId: string, entityType: string, entityId: string) {
      const t = await findTarget(companyId, entityType, { id: entityId });
      assertCanWrite(user, t);
      const deleted = await db.transaction(async (tx) => {
        const rows = await repo.deleteForEntity(tx, companyId, t.definition.type, t.ref.id);
        await storage.release(tx, keysOf(rows));
        return rows;
      });
      await storage.removeReleased(keysOf(deleted));
      return deleted.length;
    },
  };
}
