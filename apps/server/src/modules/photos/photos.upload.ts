import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PHOTO_DESCRIPTION_MAX, PHOTO_MAX_FILES, PHOTO_MESSAGES } from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { discardFiles, readMultipart } from '../../lib/uploads.js';
import type { AuthContext } from '../../lib/auth/sessions.js';
import { RECEIVE_OPTIONS, text, type PhotosDeps, type Target } from './photos.common.js';
import type { PhotosCore } from './photos.core.js';
import { createPhotoImport } from './photos.import.js';

/** The description sent with an upload, or 400 past its length. */
function descriptionOf(fields: Record<string, string>): string | null {
  const description = text(fields, 'description') || null;
  if (description && description.length > PHOTO_DESCRIPTION_MAX) {
    throw new AppError(
      'VALIDATION',
      `La descrizione può avere al massimo ${PHOTO_DESCRIPTION_MAX} caratteri`,
    );
  }
  return description;
}

/** Photos in: an upload, a file of the inbox, demo bytes (`photos.import.ts` is their pipeline). */
export function createPhotosUpload(deps: PhotosDeps, core: PhotosCore) {
  const { storage } = deps;
  const { findTarget, assertCanWrite, toPhoto, pageOf } = core;
  const { taggedBlocco, importFiles, importOne } = createPhotoImport(deps);

  return {
    /**
     * `POST /photos/uploadPhotos`. The entity is checked as soon as its fields have arrived (a client
     * sends them before the files), so a refused upload does not stream 25 MB files first.
     */
    async upload(auth: AuthContext, companyId: string, request: FastifyRequest) {
      const { user } = auth;
      let target: Target | null = null;
      const resolveTarget = async (fields: Record<string, string>) => {
        const t = await findTarget(companyId, text(fields, 'entityType'), {
          id: text(fields, 'entityId'),
        });
        assertCanWrite(user, t);
        return t;
      };
      const { fields, files } = await readMultipart(request, storage, {
        ...RECEIVE_OPTIONS,
        fileField: 'photos',
        maxFiles: PHOTO_MAX_FILES,
        tooManyFiles: () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooMany),
        beforeFile: async (sofar) => {
          if (!target && text(sofar, 'entityType') && text(sofar, 'entityId'))
            target = await resolveTarget(sofar);
        },
      });
      try {
        if (files.length === 0) throw new AppError('VALIDATION', PHOTO_MESSAGES.noFiles);
        if (!text(fields, 'entityType') || !text(fields, 'entityId'))
          throw new AppError('VALIDATION', PHOTO_MESSAGES.noEntity);
        target ??= await resolveTarget(fields);
        const description = descriptionOf(fields);
        const bloccoId = await taggedBlocco(companyId, target, text(fields, 'bloccoId'));
        const rows = await importFiles(companyId, target, files, {
          userId: user.id,
          description,
          bloccoId,
        });
        const pages = [pageOf(target)];
        return rows.map((r) => toPhoto(auth, { ...r, userName: user.name }, pages));
      } finally {
        await discardFiles(files);
      }
    },

    /** A file from the inbox: the same checks and pipeline as an upload, attached by the entity's code. */
    async importFromFile(companyId: string, entityType: string, codice: string, file: string) {
      const t = await findTarget(companyId, entityType, { codice });
      return importOne(companyId, t, fs.createReadStream(file), path.basename(file), null);
    },

    /** A photo straight from bytes (demo data), through the same checks and pipeline. */
    async importBuffer(
      companyId: string,
      target: { entityType: string; entityId: string },
      data: Buffer,
      fileName: string,
      description: string | null,
    ) {
      const t = await findTarget(companyId, target.entityType, { id: target.entityId });
      return importOne(companyId, t, Readable.from(data), fileName, description);
    },
  };
}
