import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PHOTO_DESCRIPTION_MAX, PHOTO_MAX_FILES, PHOTO_MESSAGES } from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Placement } from '../../lib/storage.js';
import {
  discardFiles,
  readMultipart,
  receiveStream,
  type ReceivedFile,
} from '../../lib/uploads.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import { processPhoto } from '../../lib/images.js';
import * as repo from './photos.repository.js';
import {
  keysOf,
  RECEIVE_OPTIONS,
  text,
  type PhotosCore,
  type PhotosDeps,
  type Target,
} from './photos.core.js';

/** Photos in (an upload, the inbox, demo bytes) and out (a photo, an entity's photos). */
export function createPhotosUpload({ db, storage, entities }: PhotosDeps, core: PhotosCore) {
  const { findTarget, assertCanWrite, photoInCompany, toPhoto, pageOf } = core;
  /** A collaudo's photo may name one of the company's blocks (the row it shows); other kinds never do. */
  async function taggedBlocco(
    companyId: string,
    t: Target,
    bloccoId: string,
  ): Promise<string | null> {
    if (!bloccoId) return null;
    const blocco =
      t.definition.type === 'collaudo' && /^[0-9a-f-]{36}$/i.test(bloccoId)
        ? await entities.get('blocco')?.findInCompany(db, companyId, bloccoId)
        : null;
    if (!blocco)
      throw new AppError(
        'VALIDATION',
        'Blocco della foto non valido: si indica solo per le foto di un collaudo',
      );
    return blocco.id;
  }

  /**
   * Stores one checked file as a photo: the cleaned original and the variants are recorded as
   * pending, then written; the caller's transaction commits the row and settles them.
   */
  async function store(
    companyId: string,
    t: Target,
    file: ReceivedFile,
    placement: Placement,
  ): Promise<repo.NewPhotoRow> {
    const processed = await processPhoto(file.tempPath, file.kind);
    const originalKey = storage.newKey(companyId, file.ext);
    const previewKey = storage.variantKey(originalKey, 'preview', 'webp');
    const thumbnailKey = storage.variantKey(originalKey, 'thumb', 'webp');
    await placement.add(originalKey, previewKey, thumbnailKey);
    await storage.putBuffer(originalKey, processed.original, file.mime);
    await storage.putBuffer(previewKey, processed.preview, 'image/webp');
    await storage.putBuffer(thumbnailKey, processed.thumbnail, 'image/webp');
    return {
      companyId,
      entityType: t.definition.type,
      entityId: t.ref.id,
      codice: t.ref.codice,
      fileName: file.originalName.slice(0, 255) || `foto.${file.ext}`,
      mime: file.mime,
      size: processed.original.length,
      width: processed.width,
      height: processed.height,
      checksum: file.sha256,
      takenAt: processed.takenAt,
      originalKey,
      previewKey,
      thumbnailKey,
    };
  }

  /** Files → rows in one transaction; on any failure no file and no row is left behind (docs/quality.md R7). */
  async function importFiles(
    companyId: string,
    t: Target,
    files: ReceivedFile[],
    extra: { userId: string | null; description: string | null; bloccoId?: string | null },
  ) {
    const placement = storage.beginPlacement();
    try {
      const rows: repo.NewPhotoRow[] = [];
      for (const file of files)
        rows.push({ ...(await store(companyId, t, file, placement)), ...extra });
      const inserted = await db.transaction(async (tx) => {
        const added = await repo.insertMany(tx, rows);
        await placement.settle(tx);
        return added;
      });
      return inserted.map((row) => ({ ...row, userName: null as string | null }));
    } catch (error) {
      await placement.abandon();
      throw error;
    }
  }

  /** One file that did not come through multipart, received like an upload and imported without a user. */
  async function importOne(
    companyId: string,
    t: Target,
    source: Readable,
    name: string,
    description: string | null,
  ) {
    const received = await receiveStream(storage, source, name, RECEIVE_OPTIONS);
    try {
      return await importFiles(companyId, t, [received], { userId: null, description });
    } finally {
      await fsp.rm(received.tempPath, { force: true });
    }
  }

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
        const description = text(fields, 'description') || null;
        if (description && description.length > PHOTO_DESCRIPTION_MAX) {
          throw new AppError(
            'VALIDATION',
            `La descrizione può avere al massimo ${PHOTO_DESCRIPTION_MAX} caratteri`,
          );
        }
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
