import {
  galleryQuerySchema,
  PHOTO_MESSAGES,
  photoEntityListSchema,
  photoEntityQuerySchema,
  photoEntityRefSchema,
  photoListQuerySchema,
  photoPageSchema,
  photoAnswerSchema,
  photosDeletedSchema,
  photoUploadAnswerSchema,
  photoDeletedSchema,
  photoSyncStartedSchema,
  photoSyncStatusSchema,
} from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { ZodApp } from '../../lib/module.js';
import { requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import { sendDownload } from '../../lib/downloads.js';
import { signedLinkQuerySchema, type SignedLinkQuery } from '../../lib/session-links.js';
import { photoAccess } from './photos.access.js';
import type { PhotoSync } from './photos.sync.js';
import type { PhotosService } from './photos.service.js';

/** Checked in the handler, so a missing field answers the fixed message (docs/api.md "Errors") (not a field-prefixed one). */
const looseEntityRef = z.object({
  entityType: z.string().max(30).optional(),
  entityId: z.string().max(100).optional(),
});
function entityRef(value: unknown) {
  const parsed = photoEntityRefSchema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION', PHOTO_MESSAGES.noEntity);
  return parsed.data;
}

type Access = ReturnType<typeof photoAccess>;

/** An entity's photos and one photo. */
function registerPhotoReadRoutes(app: ZodApp, photos: PhotosService, { read }: Access) {
  app.get(
    '/photos/list',
    {
      config: { access: read },
      schema: {
        tags: ['photos'],
        querystring: photoListQuerySchema,
        response: { 200: photoPageSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return photos.page(auth, auth.companyId, request.query);
    },
  );

  app.get(
    '/photos/flutter/getPhotos',
    {
      config: { access: read },
      schema: {
        tags: ['photos'],
        querystring: photoEntityQuerySchema,
        response: { 200: photoEntityListSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query;
      return {
        success: true as const,
        ...(await photos.listForEntity(auth, auth.companyId, {
          entityType: q.entityType!,
          entityId: q.entityId,
          codice: q.codice,
        })),
      };
    },
  );

  app.get(
    '/photos/getPhoto/:id',
    {
      config: { access: read },
      schema: { tags: ['photos'], params: idParams, response: { 200: photoAnswerSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return {
        success: true as const,
        photo: await photos.get(auth, auth.companyId, request.params.id),
      };
    },
  );
}

/** Removing photos and uploading them. */
function registerPhotoWriteRoutes(app: ZodApp, photos: PhotosService, { write }: Access) {
  app.delete(
    '/photos/deletePhoto/:id',
    {
      config: { access: write },
      schema: { tags: ['photos'], params: idParams, response: { 200: photoDeletedSchema } },
    },
    async (request) => {
      const { user, companyId } = requireAuth(request);
      await photos.remove(user, companyId, request.params.id);
      return { success: true as const };
    },
  );

  app.delete(
    '/photos/deletePhotos',
    {
      config: { access: write },
      schema: { tags: ['photos'], body: looseEntityRef, response: { 200: photosDeletedSchema } },
    },
    async (request) => {
      const { user, companyId } = requireAuth(request);
      const ref = entityRef(request.body);
      const deleted = await photos.removeForEntity(user, companyId, ref.entityType, ref.entityId);
      return { success: true as const, deleted };
    },
  );

  app.post(
    '/photos/uploadPhotos',
    {
      config: { access: write },
      preHandler: app.limits.upload,
      // Large photos over a yard's mobile connection: docs/domain.md "Constants and limits" gives the client 300 s.
      schema: {
        tags: ['photos'],
        consumes: ['multipart/form-data'],
        response: { 201: photoUploadAnswerSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', PHOTO_MESSAGES.noFiles);
      const auth = requireAuth(request);
      const uploaded = await photos.upload(auth, auth.companyId, request);
      return reply.code(201).send({ success: true as const, photos: uploaded });
    },
  );
}

/** The zip's caller: the signed link's session when the query is signed, else the bearer's. */
function zipAccess(
  request: FastifyRequest,
  q: SignedLinkQuery,
): Parameters<PhotosService['zip']>[0] {
  if (q.sig) {
    return {
      signature: { companyId: q.companyId ?? '', sid: q.sid, uid: q.uid, exp: q.exp, sig: q.sig },
    };
  }
  const { user, companyId } = requireAuth(request);
  return { user, companyId };
}

/** The files: an entity's photos as a zip, one original (with its marks if asked). */
function registerPhotoDownloadRoutes(app: ZodApp, photos: PhotosService, { read }: Access) {
  // A bearer (API clients) or the signed link of getPhotos' `zipUrl` (the browser, streaming to disk).
  app.get(
    '/photos/downloadPhotos',
    {
      config: { access: 'public' },
      schema: {
        tags: ['photos'],
        querystring: looseEntityRef.extend(signedLinkQuerySchema.shape),
      },
    },
    async (request, reply) => {
      const access = zipAccess(request, request.query);
      const ref = entityRef(request.query);
      const { fileName, stream } = await photos.zip(access, ref.entityType, ref.entityId);
      return sendDownload(reply, { contentType: 'application/zip', fileName, body: stream });
    },
  );

  // The original without location, as a download (the same file `downloadUrl` signs); with
  // `?segni=1` a JPEG with the defects marked on it drawn in (docs/photos.md, "Segni sui difetti").
  app.get(
    '/photos/downloadSinglePhoto/:id',
    {
      config: { access: read },
      schema: {
        tags: ['photos'],
        params: idParams,
        querystring: z.object({ segni: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const { user, companyId } = requireAuth(request);
      if (request.query.segni === '1') {
        const drawn = await photos.originalWithSegni(user, companyId, request.params.id);
        return sendDownload(
          reply,
          { contentType: 'image/jpeg', fileName: drawn.fileName, body: drawn.body },
          'private, no-store',
        );
      }
      const file = await photos.original(user, companyId, request.params.id);
      return sendDownload(
        reply,
        { contentType: file.mime, fileName: file.fileName, body: file.stream },
        'private, no-store',
      );
    },
  );
}

/** The admin's reconciliation of the database and the uploads folder. */
function registerPhotoSyncRoutes(app: ZodApp, sync: PhotoSync) {
  app.get(
    '/photos/syncPhotosWithFilesystem',
    {
      config: { access: 'admin' },
      preHandler: app.limits.photoSync,
      schema: { tags: ['photos'], response: { 202: photoSyncStartedSchema } },
    },
    async (_request, reply) => {
      const started = sync.start();
      return reply.code(202).send({ success: true as const, started, status: sync.status() });
    },
  );

  app.get(
    '/photos/getSyncStatus',
    {
      config: { access: 'admin' },
      schema: { tags: ['photos'], response: { 200: photoSyncStatusSchema } },
    },
    async () => sync.status(),
  );
}

/** The photo gallery's page. */
function registerPhotoGalleryRoutes(app: ZodApp, photos: PhotosService, { read }: Access) {
  app.get(
    '/photo-gallery/paginatedPhotos',
    {
      config: { access: read },
      schema: {
        tags: ['photos'],
        querystring: galleryQuerySchema,
        response: { 200: photoPageSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return photos.page(auth, auth.companyId, request.query);
    },
  );
}

/**
 * The docs/api.md "Shape of the API" "Photos" calls, with their exact paths. Reads need photo-gallery or read on the
 * entity's page; writes need write on the entity's page (checked per entity in the service; the
 * route rule lets through anyone who could have either).
 */
export const photosRoutes: FastifyPluginAsyncZod<{
  photos: PhotosService;
  sync: PhotoSync;
  entities: EntityRegistry;
}> = async (app, { photos, sync, entities }) => {
  const access = photoAccess(entities);
  registerPhotoReadRoutes(app, photos, access);
  registerPhotoWriteRoutes(app, photos, access);
  registerPhotoDownloadRoutes(app, photos, access);
  registerPhotoSyncRoutes(app, sync);
  registerPhotoGalleryRoutes(app, photos, access);
};
