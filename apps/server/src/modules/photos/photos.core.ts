import path from 'node:path';
import {
  can,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  type PageKey,
  type Photo,
  type PhotoEntityInfo,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { EntityDefinition, EntityRef, EntityRegistry } from '../../lib/entities.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import { IMAGE_KINDS } from '../../lib/uploads.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import * as repo from './photos.repository.js';
import type { PhotoWithUser } from './photos.repository.js';

/** Signed links to photo files live about this long (rounded so the browser can cache them). */
export const URL_TTL_SECONDS = 30 * 60;
export const RECEIVE_OPTIONS = {
  allowed: IMAGE_KINDS,
  maxBytes: PHOTO_MAX_BYTES,
  messages: {
    tooLarge: PHOTO_MESSAGES.tooLarge,
    unsupported: PHOTO_MESSAGES.unsupported,
    heic: PHOTO_MESSAGES.heic,
  },
};

/** A form field as the photo upload reads it: trimmed, empty when absent. */
export const text = (fields: Record<string, string>, name: string) => fields[name]?.trim() ?? '';

export interface Target {
  definition: EntityDefinition;
  ref: EntityRef;
}

export interface PhotosDeps {
  db: Db;
  storage: Storage;
  entities: EntityRegistry;
  links: SessionLinks;
}

export type PhotosCore = ReturnType<typeof createPhotosCore>;

/** What the photos' operation files share: who may read or write a photo, its entity, its links. */
export function createPhotosCore({ db, entities, links }: PhotosDeps) {
  const pageOf = (t: Target): PageKey => t.definition.permission(t.ref);
  function canRead(user: AuthUser, t: Target) {
    return can(user, 'photo-gallery', 'read') || can(user, pageOf(t), 'read');
  }

  function assertCanWrite(user: AuthUser, t: Target) {
    if (!can(user, pageOf(t), 'write')) throw forbidden();
  }

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

  /**
   * A photo as `auth`'s session sees it: its three links open while that session lives and its user
   * reads the photo gallery or the entity's page (docs/security.md, "Links bound to their session").
   */
  function toPhoto(
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

  return {
    pageOf,
    canRead,
    assertCanWrite,
    findTarget,
    photoInCompany,
    toPhoto,
    readable,
    typePages,
  };
}

export function downloadName(row: PhotoWithUser, index?: number) {
  const ext = path.extname(row.originalKey);
  const base = (row.codice ?? row.entityType).replace(/[^\w.-]+/g, '_');
  return `${base}_${index !== undefined ? String(index + 1).padStart(3, '0') : row.id.slice(-8)}${ext}`;
}

export const zipSubject = (companyId: string, entityType: string, entityId: string) =>
  `photos-zip\n${companyId}\n${entityType}\n${entityId}`;

export function keysOf(
  rows: Array<{ originalKey: string; previewKey: string; thumbnailKey: string }>,
) {
  return rows.flatMap((r) => [r.originalKey, r.previewKey, r.thumbnailKey]);
}
