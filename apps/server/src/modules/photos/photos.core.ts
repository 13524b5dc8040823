import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { EntityRef, EntityRegistry } from '../../lib/entities.js';
import { createPhotosAccess } from './photos.access.js';
import type { PhotosDeps, Target } from './photos.common.js';
import * as repo from './photos.repository.js';
import { createPhotoView } from './photos.view.js';

export type PhotosCore = ReturnType<typeof createPhotosCore>;

/** The entity a photo documents, by id or code, and a photo of the company with that entity. */
function createPhotoTargets(db: Db, entities: EntityRegistry) {
  async function findTarget(
    companyId: string,
    entityType: string,
    by: { id?: string; codice?: string },
  ): Promise<Target> {
    const definition = entities.get(entityType);
    if (!definition) throw new AppError('VALIDATION', `Tipo di elemento non valido: ${entityType}`);
    let ref: EntityRef | null = null;
    if (by.id) {
      // An id that is not a uuid cannot exist: the same 404 as one of another company.
      ref = /^[0-9a-f-]{36}$/i.test(by.id)
        ? await definition.findInCompany(db, companyId, by.id)
        : null;
    } else if (by.codice) {
      ref = await definition.findByCodice(db, companyId, by.codice);
    }
    if (!ref) throw notFound(definition.notFound ?? `${definition.label} non trovato`);
    return { definition, ref };
  }

  /** A photo of the company with the entity it documents (whose page decides who may see it). */
  async function photoInCompany(companyId: string, id: string) {
    const row = await repo.findInCompany(db, companyId, id);
    if (!row) throw notFound('Foto non trovata');
    return { row, target: await findTarget(companyId, row.entityType, { id: row.entityId }) };
  }

  return { findTarget, photoInCompany };
}

/**
 * What the photos' operation files share: who may read or write a photo (`photos.access.ts`), its
 * entity, and the photo as a session sees it with its links (`photos.view.ts`).
 */
export function createPhotosCore({ db, entities, links }: PhotosDeps) {
  return {
    ...createPhotosAccess(entities),
    ...createPhotoTargets(db, entities),
    toPhoto: createPhotoView(links),
  };
}
