import { can, type PageKey } from '@gestcava/contracts';
import { forbidden } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { AuthUser } from '../../lib/auth/sessions.js';
import type * as repo from './photos.repository.js';
import type { PhotoWithUser } from './photos.repository.js';
import type { Target } from './photos.common.js';

/**
 * The route rule of every photo route: anyone who could read or write some photo gets through, and
 * the service then checks the photo's own entity (`createPhotosAccess`).
 */
export function photoAccess(entities: EntityRegistry) {
  const entityPages = entities.pages();
  return {
    read: { page: ['photo-gallery', ...entityPages] as PageKey[], mode: 'read' as const },
    write: { page: entityPages, mode: 'write' as const },
  };
}

/**
 * Who may read or write a photo: reading needs the photo gallery or read on the entity's page,
 * writing needs write on the entity's page (docs/photos.md, "Access").
 */
export function createPhotosAccess(entities: EntityRegistry) {
  const pageOf = (t: Target): PageKey => t.definition.permission(t.ref);
  function canRead(user: AuthUser, t: Target) {
    return can(user, 'photo-gallery', 'read') || can(user, pageOf(t), 'read');
  }

  function assertCanWrite(user: AuthUser, t: Target) {
    if (!can(user, pageOf(t), 'write')) throw forbidden();
  }

  /** Who may see which photos in lists: photo-gallery sees all, otherwise the entities' own pages. */
  function readable(user: AuthUser): repo.GalleryFilter['readable'] {
    if (can(user, 'photo-gallery', 'read')) return undefined;
    return entities.all().flatMap((definition) => {
      const ids = definition.readableIds((page) => can(user, page, 'read'));
      return ids === 'none' ? [] : [{ entityType: definition.type, ids }];
    });
  }

  /** A list's row names only its entity's type: every page that may govern that type. */
  const typePages = (row: PhotoWithUser) => entities.get(row.entityType)?.pages ?? [];

  return { pageOf, canRead, assertCanWrite, readable, typePages };
}
