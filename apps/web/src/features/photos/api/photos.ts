import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type GalleryQuery,
  type Photo,
  PHOTO_TIMEOUTS,
  photoAnswerSchema,
  photoDeletedSchema,
  photoEntityListSchema,
  type PhotoEntityType,
  type PhotoPage,
  photoPageSchema,
  photosDeletedSchema,
  photoSyncStartedSchema,
  photoSyncStatusSchema,
  photoUploadAnswerSchema,
} from '@gestcava/contracts';
import {
  api,
  apiUpload,
  buildUrl,
  isApiError,
  newIdempotencyKey,
  type UploadProgress,
} from '@/lib/api';
import { sendOrQueue } from '@/lib/offline/send-or-queue';
import { isNetworkFailure } from '@/lib/offline/device-copy';
import { notify } from '@/lib/toast';
import { log } from '@/lib/log';

/** The entity types photos attach to: the contracts' list (the entity registry's kinds). */
export type { PhotoEntityType };

export interface PhotoEntity {
  entityType: PhotoEntityType;
  entityId: string;
  /** the entity's code, stored with each photo so the gallery finds it by code */
  codice: string;
  /** a collaudo's photo may show one of its blocks */
  bloccoId?: string;
}

/** The gallery's request: page, limit and the filters, as the server names them. */
export type GalleryParams = Pick<
  GalleryQuery,
  'page' | 'limit' | 'entityType' | 'cavaId' | 'searchTerm'
>;

/** Query keys of the photo caches: everything starts with ['photos'], so one invalidation refreshes panel and gallery. */
export const photoKeys = {
  all: ['photos'] as const,
  entity: (entityType: string, entityId: string) =>
    ['photos', 'entity', entityType, entityId] as const,
  gallery: (params: GalleryParams) => ['photos', 'gallery', params] as const,
};

/**
 * The photo URLs are signed and live 15–30 minutes: a cached list is refetched after 5 minutes
 * and forgotten after 10, so the page never shows links that have already expired.
 */
export const PHOTO_CACHE = { staleTime: 5 * 60_000, gcTime: 10 * 60_000 } as const;

/** docs/api.md "Shape of the API": the server answers relative URLs, to be prefixed with the server address (the API client's base). */
export const photoUrl = (relative: string): string => buildUrl(relative);

/** The Italian text of a failed photo call: the server's own message, or what went wrong on the way. */
export function photoErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return 'Il server non ha risposto in tempo: riprova';
  return 'Operazione non riuscita: riprova';
}

/** A request the user (or an unmount) cancelled: not an error to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** DELETE /photos/deletePhoto/:id (write permission on the entity's page). */
export function deletePhoto(id: string) {
  return api.delete(`/photos/deletePhoto/${encodeURIComponent(id)}`, undefined, {
    schema: photoDeletedSchema,
    timeoutMs: PHOTO_TIMEOUTS.delete,
  });
}

/** DELETE /photos/deletePhotos { entityType, entityId }: every photo of the entity; answers how many. */
export function deleteEntityPhotos(entityType: PhotoEntityType, entityId: string) {
  return api.delete(
    '/photos/deletePhotos',
    { entityType, entityId },
    { schema: photosDeletedSchema, timeoutMs: PHOTO_TIMEOUTS.delete },
  );
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
}

export function useDeleteEntityPhotos(entityType: PhotoEntityType, entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEntityPhotos(entityType, entityId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
}

export interface EntityPhotos {
  /** newest first */
  photos: Photo[];
  /** signed link to all of them as one zip; null when there are none */
  zipUrl: string | null;
  /** the server could not be reached: the photos are not on the device (docs/offline.md) */
  offline?: boolean;
}

const NO_PHOTOS: EntityPhotos = { photos: [], zipUrl: null };

/**
 * GET /photos/flutter/getPhotos?entityType&entityId. docs/domain.md "The records": without type and id there is nothing
 * to ask. docs/api.md "Errors": a failed lookup gives an empty list (the toast says why) instead of an error page.
 */
export async function getEntityPhotos(
  entityType: string,
  entityId: string,
  signal?: AbortSignal,
): Promise<EntityPhotos> {
  if (!entityType || !entityId) return NO_PHOTOS;
  try {
    const answer = await api.get('/photos/flutter/getPhotos', {
      query: { entityType, entityId },
      schema: photoEntityListSchema,
      signal,
      timeoutMs: PHOTO_TIMEOUTS.list,
    });
    return { photos: answer.photos, zipUrl: answer.zipUrl };
  } catch (error) {
    // The query itself was cancelled (the panel went away): nobody is waiting for a toast.
    if (signal?.aborted) throw error;
    // no network: the panel says the photos are not kept offline; no error to report
    if (isNetworkFailure(error)) return { ...NO_PHOTOS, offline: true };
    notify({
      severity: 'error',
      summary: 'Foto non disponibili',
      detail: photoErrorMessage(error),
    });
    return NO_PHOTOS;
  }
}

export const entityPhotosQueryOptions = (entityType: string, entityId: string) =>
  queryOptions({
    queryKey: photoKeys.entity(entityType, entityId),
    queryFn: ({ signal }) => getEntityPhotos(entityType, entityId, signal),
    ...PHOTO_CACHE,
    // asked offline too (TanStack would pause it): the answer then is "not available offline"
    networkMode: 'always',
  });

export function useEntityPhotos(entityType: string, entityId: string) {
  return useQuery(entityPhotosQueryOptions(entityType, entityId));
}

const NO_PAGE: PhotoPage = { photos: [], total: 0 };

/**
 * GET /photo-gallery/paginatedPhotos with the entity's code, materiale, stato, cava and detail
 * page on each photo. A failed page is an empty one plus a toast (docs/api.md "Errors", like every photo list).
 */
export async function getGalleryPhotos(
  params: GalleryParams,
  signal?: AbortSignal,
): Promise<PhotoPage> {
  try {
    return await api.get('/photo-gallery/paginatedPhotos', {
      query: { ...params, includeEntityInfo: 'true' },
      schema: photoPageSchema,
      signal,
      timeoutMs: PHOTO_TIMEOUTS.gallery,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    notify({
      severity: 'error',
      summary: 'Galleria non disponibile',
      detail: photoErrorMessage(error),
    });
    return NO_PAGE;
  }
}

export const galleryPhotosQueryOptions = (params: GalleryParams) =>
  queryOptions({
    queryKey: photoKeys.gallery(params),
    queryFn: ({ signal }) => getGalleryPhotos(params, signal),
    // The server pages: while the next page loads, the current one stays on screen.
    placeholderData: keepPreviousData,
    ...PHOTO_CACHE,
  });

export function useGalleryPhotos(params: GalleryParams) {
  return useQuery(galleryPhotosQueryOptions(params));
}

/**
 * GET /photos/getPhoto/:id: one photo with freshly signed URLs. docs/api.md "Errors": a failed lookup gives
 * null (the caller shows the photo as unavailable).
 */
export async function getPhoto(id: string, signal?: AbortSignal): Promise<Photo | null> {
  try {
    const answer = await api.get(`/photos/getPhoto/${encodeURIComponent(id)}`, {
      schema: photoAnswerSchema,
      signal,
      timeoutMs: PHOTO_TIMEOUTS.single,
    });
    return answer.photo;
  } catch (error) {
    log.warn('Foto non disponibile', id, error);
    return null;
  }
}

const SYNC_STATUS_KEY = ['photo-sync-status'] as const;

/** GET /photos/getSyncStatus (admin), polled every 2 s while a sync runs. */
export function usePhotoSyncStatus() {
  return useQuery({
    queryKey: SYNC_STATUS_KEY,
    queryFn: ({ signal }) =>
      api.get('/photos/getSyncStatus', { schema: photoSyncStatusSchema, signal }),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
}

/** GET /photos/syncPhotosWithFilesystem (admin): starts the reconciliation in the background. */
export function useStartPhotoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.get('/photos/syncPhotosWithFilesystem', { schema: photoSyncStartedSchema }),
    onSuccess: (answer) => queryClient.setQueryData(SYNC_STATUS_KEY, answer.status),
  });
}

export interface PhotoUpload extends PhotoEntity {
  file: File;
  description: string;
}

const UPLOAD_PATH = '/photos/uploadPhotos';

/** The upload's text fields, in the order the server reads them (the file goes after them). */
function photoFields({
  entityType,
  entityId,
  codice,
  bloccoId,
  description,
}: Omit<PhotoUpload, 'file'>): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['entityType', entityType],
    ['entityId', entityId],
    ['codice', codice],
  ];
  if (bloccoId) fields.push(['bloccoId', bloccoId]);
  if (description.trim()) fields.push(['description', description.trim()]);
  return fields;
}

/**
 * POST /photos/uploadPhotos, one file per request so each gets its own progress, cancel and retry.
 * The user is the session's (the server never takes userId from the form); the API client fetches
 * an anti-forgery token first when there is none (docs/api.md "Shape of the API").
 */
export function uploadPhoto(
  upload: PhotoUpload,
  options: {
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    idempotencyKey?: string;
  } = {},
) {
  const form = new FormData();
  for (const [name, value] of photoFields(upload)) form.append(name, value);
  // Files last: the server reads the fields before it streams the file.
  form.append('photos', upload.file, upload.file.name);
  return apiUpload(UPLOAD_PATH, form, {
    schema: photoUploadAnswerSchema,
    timeoutMs: PHOTO_TIMEOUTS.upload,
    onProgress: options.onProgress,
    signal: options.signal,
    idempotencyKey: options.idempotencyKey,
  });
}

/** One item of each entity type, as the gallery's cards and the offline queue name it. */
export const PHOTO_ENTITY_LABELS: Record<PhotoEntityType, string> = {
  bancata: 'Bancata',
  blocco: 'Blocco',
  pacco: 'Pacco',
  lastra: 'Lastra',
  lotto: 'Lotto',
  collaudo: 'Collaudo',
  'lavorazione-lastre': 'Segagione',
  'lavorazione-pavimenti': 'Lavorazione pavimenti',
};

/**
 * A photo taken in the yard: uploaded at once, or — offline, or when the upload fails for
 * the network — kept on the device with its file and uploaded by the offline queue later, with the
 * same Idempotency-Key (one photo however many times it is sent).
 */
export function uploadPhotoOrQueue(
  upload: PhotoUpload,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) {
  const fileId = newIdempotencyKey();
  return sendOrQueue(
    {
      kind: 'foto',
      label: `${PHOTO_ENTITY_LABELS[upload.entityType]} ${upload.codice}: foto ${upload.file.name}`,
      method: 'POST',
      url: UPLOAD_PATH,
      body: {
        type: 'form',
        fields: photoFields(upload),
        files: [{ field: 'photos', fileId, name: upload.file.name }],
      },
      files: [{ id: fileId, blob: upload.file }],
      ifMatch: null,
      itemKey: null,
      invalidates: [[...photoKeys.all]],
    },
    (direct) => uploadPhoto(upload, { ...options, idempotencyKey: direct.idempotencyKey }),
  );
}
