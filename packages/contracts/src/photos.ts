import { z } from 'zod';

/** docs/domain.md "Constants and limits" and the photos issue: the limits both sides check. */
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
export const PHOTO_MAX_FILES = 50;
/** What the browser may offer in the file picker; the server decides by the bytes. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const PHOTO_FORMATS_LABEL = 'JPEG, PNG o WebP';
export const PHOTO_DESCRIPTION_MAX = 500;
/** Request timeouts of docs/domain.md "Constants and limits", in milliseconds. */
export const PHOTO_TIMEOUTS = {
  list: 10_000,
  single: 10_000,
  delete: 10_000,
  upload: 300_000,
  download: 30_000,
  gallery: 15_000,
} as const;
export const GALLERY_DEFAULT_LIMIT = 20;

/** docs/api.md "Errors" messages, shown by the client before it sends and answered by the server the same. */
export const PHOTO_MESSAGES = {
  noFiles: 'Nessun file da caricare',
  noEntity: 'EntityType o EntityId mancanti',
  unsupported: `Formato non supportato: sono accettate foto ${PHOTO_FORMATS_LABEL}`,
  heic: `Le foto HEIC non sono supportate: imposta la fotocamera su «Più compatibile» (JPEG) oppure carica foto ${PHOTO_FORMATS_LABEL}`,
  tooLarge: 'Foto troppo grande: al massimo 25 MB per file',
  tooMany: `Troppe foto: al massimo ${PHOTO_MAX_FILES} per volta`,
} as const;

export const photoEntityInfoSchema = z.object({
  codice: z.string().nullable(),
  materiale: z.string().nullable(),
  stato: z.string().nullable(),
  cava: z.string().nullable(),
  /** The web route of the entity's detail page. */
  detailPath: z.string(),
});
export type PhotoEntityInfo = z.infer<typeof photoEntityInfoSchema>;

export const photoSchema = z.object({
  _id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  codice: z.string().nullable(),
  description: z.string().nullable(),
  /** A collaudo's photo may show one of its blocks. */
  bloccoId: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** When the picture was taken (EXIF), if the camera said. */
  takenAt: z.string().nullable(),
  createdAt: z.string(),
  /** The sync found the stored file gone. */
  fileMissing: z.boolean(),
  /** How many defects are marked on it (`GET /api/photos/:id/segni` gives them). */
  nSegni: z.number().int(),
  /** Short-lived signed relative URLs: prefix the server address (docs/api.md "Shape of the API"). */
  thumbnailUrl: z.string(),
  previewUrl: z.string(),
  downloadUrl: z.string(),
  entity: photoEntityInfoSchema.optional(),
});
export type Photo = z.infer<typeof photoSchema>;

const idText = z.string().trim().min(1).max(100);

/** `GET /photos/flutter/getPhotos`: the entity by type and either id or code. */
export const photoEntityQuerySchema = z
  .object({
    entityType: z.string().trim().max(30).optional(),
    entityId: idText.optional(),
    codice: z.string().trim().max(60).optional(),
  })
  .refine((q) => q.entityType && (q.entityId || q.codice), { error: PHOTO_MESSAGES.noEntity });
export type PhotoEntityQuery = z.infer<typeof photoEntityQuerySchema>;

export const photoEntityListSchema = z.object({
  success: z.literal(true),
  photos: z.array(photoSchema),
  /** Signed link to all of them as one zip (`/photos/downloadPhotos`). */
  zipUrl: z.string().nullable(),
});

/** `DELETE /photos/deletePhotos` body and `GET /photos/downloadPhotos` query. */
export const photoEntityRefSchema = z.object({
  entityType: z
    .string({ error: PHOTO_MESSAGES.noEntity })
    .trim()
    .min(1, { error: PHOTO_MESSAGES.noEntity })
    .max(30),
  entityId: z
    .string({ error: PHOTO_MESSAGES.noEntity })
    .trim()
    .min(1, { error: PHOTO_MESSAGES.noEntity })
    .max(100),
});
export type PhotoEntityRef = z.infer<typeof photoEntityRefSchema>;

export const photoListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_DEFAULT_LIMIT),
});

/** The kinds that carry photos (the server's entity registry registers each one). */
export const PHOTO_ENTITY_TYPES = [
  'bancata',
  'blocco',
  'pacco',
  'lastra',
  'lotto',
  'collaudo',
  'lavorazione-lastre',
  'lavorazione-pavimenti',
] as const;
export type PhotoEntityType = (typeof PHOTO_ENTITY_TYPES)[number];

export const galleryQuerySchema = photoListQuerySchema.extend({
  entityType: z.enum(PHOTO_ENTITY_TYPES, { error: 'Tipo non valido' }).optional(),
  cavaId: z.uuid({ error: 'Cava non valida' }).optional(),
  searchTerm: z.string().trim().max(200).optional(),
  includeEntityInfo: z.enum(['true', 'false']).optional(),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const photoPageSchema = z.object({ photos: z.array(photoSchema), total: z.number().int() });
export type PhotoPage = z.infer<typeof photoPageSchema>;

export const photoSyncStatusSchema = z.object({
  running: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  imported: z.number().int(),
  missing: z.number().int(),
  orphans: z.number().int(),
  errors: z.array(z.string()),
});
export type PhotoSyncStatus = z.infer<typeof photoSyncStatusSchema>;

/** The answers of the single-photo, upload and delete calls. */
export const photoAnswerSchema = z.object({ success: z.literal(true), photo: photoSchema });
export const photoUploadAnswerSchema = z.object({
  success: z.literal(true),
  photos: z.array(photoSchema),
});
export const photoDeletedSchema = z.object({ success: z.literal(true) });
export const photosDeletedSchema = z.object({
  success: z.literal(true),
  deleted: z.number().int(),
});
/** `GET /photos/syncPhotosWithFilesystem`: whether this call started a sync, and where it stands. */
export const photoSyncStartedSchema = z.object({
  success: z.literal(true),
  started: z.boolean(),
  status: photoSyncStatusSchema,
});
