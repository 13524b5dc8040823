import path from 'node:path';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import type { EntityDefinition, EntityRef, EntityRegistry } from '../../lib/entities.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import { IMAGE_KINDS } from '../../lib/uploads.js';
import type { PhotoWithUser } from './photos.repository.js';

// What every photos operation file shares: the dependencies, the entity a photo documents, the limits of an upload and the names of its files.

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

/** The name a photo's original downloads under: the entity's code and the photo's number or id. */
export function downloadName(row: PhotoWithUser, index?: number) {
  const ext = path.extname(row.originalKey);
  const base = (row.codice ?? row.entityType).replace(/[^\w.-]+/g, '_');
  return `${base}_${index !== undefined ? String(index + 1).padStart(3, '0') : row.id.slice(-8)}${ext}`;
}

export const zipSubject = (companyId: string, entityType: string, entityId: string) =>
  `photos-zip\n${companyId}\n${entityType}\n${entityId}`;

/** Every stored object of some photos: original, preview and thumbnail. */
export function keysOf(
  rows: Array<{ originalKey: string; previewKey: string; thumbnailKey: string }>,
) {
  return rows.flatMap((r) => [r.originalKey, r.previewKey, r.thumbnailKey]);
}
