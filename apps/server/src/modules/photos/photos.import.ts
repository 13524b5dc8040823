import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import { processPhoto } from '../../lib/images.js';
import type { Placement, Storage } from '../../lib/storage.js';
import { receiveStream, type ReceivedFile } from '../../lib/uploads.js';
import { RECEIVE_OPTIONS, type PhotosDeps, type Target } from './photos.common.js';
import * as repo from './photos.repository.js';

export type PhotoImport = ReturnType<typeof createPhotoImport>;

/** A collaudo's photo may name one of the company's blocks (the row it shows); other kinds never do. */
async function taggedBlocco(
  { db, entities }: PhotosDeps,
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
  storage: Storage,
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

/**
 * The pipeline every photo goes through, whichever way it came (an upload, the inbox, demo bytes):
 * the file checked and cleaned, its variants written, its row committed with them.
 */
export function createPhotoImport(deps: PhotosDeps) {
  const { db, storage } = deps;
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
        rows.push({ ...(await store(storage, companyId, t, file, placement)), ...extra });
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
    taggedBlocco: (companyId: string, t: Target, bloccoId: string) =>
      taggedBlocco(deps, companyId, t, bloccoId),
    importFiles,
    importOne,
  };
}
