import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  can,
  PHOTO_DESCRIPTION_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_MESSAGES,
  type GalleryQuery,
  type PageKey,
  type Photo,
  type PhotoEntityInfo,
} from '@gestcava/contracts';
import { ZipArchive } from 'archiver';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { EntityDefinition, EntityRef, EntityRegistry } from '../../lib/entities.js';
import type { SessionLinkQuery, SessionLinks } from '../../lib/session-links.js';
import type { Placement, Storage } from '../../lib/storage.js';
import {
  discardFiles,
  IMAGE_KINDS,
  readMultipart,
  receiveStream,
  type ReceivedFile,
} from '../../lib/uploads.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import { processPhoto } from '../../lib/images.js';
import * as repo from './photos.repository.js';
import type { PhotoWithUser } from './photos.repository.js';
import { createPhotoSegni } from './photos.segni.js';

/** Signed links to photo files live about this long (rounded so the browser can cache them). */
const URL_TTL_SECONDS = 30 * 60;
const RECEIVE_OPTIONS = {
  allowed: IMAGE_KINDS,
  maxBytes: PHOTO_MAX_BYTES,
  messages: {
    tooLarge: PHOTO_MESSAGES.tooLarge,
    unsupported: PHOTO_MESSAGES.unsupported,
    heic: PHOTO_MESSAGES.heic,
  },
};

/** A form field as the photo upload reads it: trimmed, empty when absent. */
const text = (fields: Record<string, string>, name: string) => fields[name]?.trim() ?? '';

interface Target {
  definition: EntityDefinition;
  ref: EntityRef;
}

export type PhotosService = ReturnType<typeof createPhotosService>;

export function createPhotosService({
  db,
  storage,
  entities,
  links,
}: {
  db: Db;
  storage: Storage;
  entities: EntityRegistry;
  links: SessionLinks;
}) {
  const pageOf = (t: Target): PageKey => t.definition.permission(t.ref);
  entities.onCodiceChange((tx, type, companyId, id, codice) =>
    repo.renameCodice(tx, companyId, type, id, codice),
  );

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

  const segni = createPhotoSegni({
    db,
    storage,
    photoInCompany,
    assertCanRead: (user: AuthUser, t: Target) => {
      if (!canRead(user, t)) throw forbidden();
    },
    assertCanWrite,
  });

  function downloadName(row: PhotoWithUser, index?: number) {
    const ext = path.extname(row.originalKey);
    const base = (row.codice ?? row.entityType).replace(/[^\w.-]+/g, '_');
    return `${base}_${index !== undefined ? String(index + 1).padStart(3, '0') : row.id.slice(-8)}${ext}`;
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

  const zipSubject = (companyId: string, entityType: string, entityId: string) =>
    `photos-zip\n${companyId}\n${entityType}\n${entityId}`;

  /** A download without a bearer token, while the session that listed the photos lives (lib/session-links.ts). */
  function zipUrl(auth: AuthContext, companyId: string, t: Target) {
    const signed = links.sign(
      zipSubject(companyId, t.definition.type, t.ref.id),
      auth,
      URL_TTL_SECONDS,
    );
    const query = new URLSearchParams({
      entityType: t.definition.type,
      entityId: t.ref.id,
      companyId,
      ...signed,
    });
    return `/photos/downloadPhotos?${query.toString()}`;
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

  async function withEntityInfo(
    auth: AuthContext,
    companyId: string,
    rows: PhotoWithUser[],
  ): Promise<Photo[]> {
    const byType = new Map<string, string[]>();
    for (const row of rows)
      byType.set(row.entityType, [...(byType.get(row.entityType) ?? []), row.entityId]);
    const info = new Map<string, PhotoEntityInfo>();
    for (const [type, ids] of byType) {
      const definition = entities.get(type);
      if (!definition) continue;
      for (const [id, summary] of await definition.describe(db, companyId, [...new Set(ids)])) {
        const { kind, ...shown } = summary;
        info.set(`${type}:${id}`, {
          ...shown,
          detailPath: definition.detailPath({ id, codice: summary.codice, kind }),
        });
      }
    }
    return rows.map((row) =>
      toPhoto(auth, row, typePages(row), info.get(`${row.entityType}:${row.entityId}`)),
    );
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
    ...segni,

    async listForEntity(
      auth: AuthContext,
      companyId: string,
      q: { entityType: string; entityId?: string; codice?: string },
    ) {
      const t = await findTarget(companyId, q.entityType, { id: q.entityId, codice: q.codice });
      if (!canRead(auth.user, t)) throw forbidden();
      const rows = await repo.listForEntity(db, companyId, t.definition.type, t.ref.id);
      return {
        photos: rows.map((r) => toPhoto(auth, r, [pageOf(t)])),
        zipUrl: rows.length ? zipUrl(auth, companyId, t) : null,
      };
    },

    async get(auth: AuthContext, companyId: string, id: string) {
      const { row, target } = await photoInCompany(companyId, id);
      if (!canRead(auth.user, target)) throw forbidden();
      return toPhoto(auth, row, [pageOf(target)]);
    },

    async original(user: AuthUser, companyId: string, id: string) {
      const { row, target } = await photoInCompany(companyId, id);
      if (!canRead(user, target)) throw forbidden();
      const stream = await storage.open(row.originalKey);
      if (!stream) throw notFound('Il file della foto non è più presente');
      return { stream, fileName: downloadName(row), mime: row.mime };
    },

    async page(auth: AuthContext, companyId: string, q: GalleryQuery) {
      const cavaId = q.cavaId;
      const { rows, total } = await repo.page(db, companyId, {
        readable: readable(auth.user),
        entityType: q.entityType,
        inCava: cavaId
          ? entities.all().map((d) => ({ entityType: d.type, ids: d.idsInCava(companyId, cavaId) }))
          : undefined,
        searchTerm: q.searchTerm,
        page: q.page,
        limit: q.limit,
      });
      return {
        photos:
          q.includeEntityInfo === 'true'
            ? await withEntityInfo(auth, companyId, rows)
            : rows.map((r) => toPhoto(auth, r, typePages(r))),
        total,
      };
    },

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

    /** The zip of an entity's photos, for a signed link or a caller with a session. */
    async zip(
      access:
        | { user: AuthUser; companyId: string }
        | { signature: SessionLinkQuery & { companyId: string } },
      entityType: string,
      entityId: string,
    ) {
      let companyId: string;
      let user: AuthUser;
      if ('signature' in access) {
        companyId = access.signature.companyId;
        // the session's user as it is now: a link outlives neither the session nor the right to read
        user = (
          await links.verify(
            zipSubject(companyId, entityType, entityId),
            companyId,
            access.signature,
          )
        ).user;
      } else {
        ({ companyId, user } = access);
      }
      const t = await findTarget(companyId, entityType, { id: entityId });
      if (!canRead(user, t)) throw forbidden();
      const listed = await repo.listForEntity(db, companyId, t.definition.type, t.ref.id);
      const present = await Promise.all(listed.map((r) => storage.head(r.originalKey)));
      const rows = listed.filter((_, i) => present[i]);
      if (rows.length === 0) throw notFound('Nessuna foto da scaricare');
      // Photos are already compressed: stored, not deflated, so the zip streams at the storage's speed.
      const archive = new ZipArchive({ store: true });
      zipInTurn(
        archive,
        rows.map((row, i) => ({
          name: downloadName(row, i),
          open: () => storage.open(row.originalKey),
        })),
      );
      const base = (t.ref.codice ?? t.definition.type).replace(/[^\w.-]+/g, '_');
      return { fileName: `foto_${base}.zip`, stream: archive as unknown as Readable };
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

  /**
   * Each entry's file is opened only when the one before it is in the zip: a gallery of hundreds of
   * photos holds one open file (one bucket request) at a time, and nothing is buffered whole.
   */
  function zipInTurn(
    archive: ZipArchive,
    entries: Array<{ name: string; open: () => Promise<Readable | null> }>,
  ) {
    const added = (source: Readable, name: string) =>
      new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          archive.off('entry', onEntry).off('error', onError).off('close', onClose);
          if (error) {
            source.destroy();
            reject(error);
          } else resolve();
        };
        const onEntry = () => settle();
        const onError = (error: Error) => settle(error);
        // The client went away: the archive is destroyed and no entry event will come.
        const onClose = () => settle(new Error('download interrotto'));
        archive.on('entry', onEntry).on('error', onError).on('close', onClose);
        archive.append(source, { name });
      });
    void (async () => {
      for (const entry of entries) {
        // A file removed since the listing is left out, as the listing leaves out files already gone.
        const source = await entry.open();
        if (source) await added(source, entry.name);
      }
      await archive.finalize();
    })().catch((error: unknown) => {
      if (!archive.destroyed) archive.destroy(error as Error);
    });
  }

  function keysOf(rows: Array<{ originalKey: string; previewKey: string; thumbnailKey: string }>) {
    return rows.flatMap((r) => [r.originalKey, r.previewKey, r.thumbnailKey]);
  }
}
