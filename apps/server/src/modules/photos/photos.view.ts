import type { PageKey, Photo, PhotoEntityInfo } from '@gestcava/contracts';
import type { SessionLinks } from '../../lib/session-links.js';
import type { AuthContext } from '../../lib/auth/sessions.js';
import type { PhotoWithUser } from './photos.repository.js';
import { downloadName, URL_TTL_SECONDS } from './photos.common.js';

/**
 * A photo as `auth`'s session sees it: its three links open while that session lives and its user
 * reads the photo gallery or the entity's page (docs/security.md, "Links bound to their session").
 */
export function createPhotoView(links: SessionLinks) {
  return function toPhoto(
    auth: AuthContext,
    row: PhotoWithUser,
    entityPages: readonly PageKey[],
    entity?: PhotoEntityInfo,
  ): Photo {
    const pages: PageKey[] = ['photo-gallery', ...entityPages];
    return {
      _id: row.id,
      entityType: row.entityType,
      entityId: row.entityId,
      codice: row.codice,
      description: row.description,
      bloccoId: row.bloccoId,
      userId: row.userId,
      userName: row.userName,
      fileName: row.fileName,
      mime: row.mime,
      size: row.size,
      width: row.width,
      height: row.height,
      takenAt: row.takenAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      fileMissing: row.fileMissing,
      nSegni: row.segni.length,
      thumbnailUrl: links.fileUrl(row.thumbnailKey, auth, { ttlSeconds: URL_TTL_SECONDS, pages }),
      previewUrl: links.fileUrl(row.previewKey, auth, { ttlSeconds: URL_TTL_SECONDS, pages }),
      downloadUrl: links.fileUrl(row.originalKey, auth, {
        ttlSeconds: URL_TTL_SECONDS,
        downloadName: downloadName(row),
        pages,
      }),
      ...(entity ? { entity } : {}),
    };
  };
}
