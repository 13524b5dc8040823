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
} from '@gestcava/contracts';
import { api, buildUrl, isApiError } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { isNetworkFailure } from '@/lib/offline/device-copy';
import { queryRoots } from '@/lib/query-keys';
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

/**
 * The photos of every entity and the gallery, all under ['photos'], so one invalidation refreshes
 * panel and gallery. The routes keep their historical paths (`/photos/…`, `/photo-gallery/…`); the
 * marks of a photo are the one nested path under `/api/photos/:id` (./segni.ts).
 */
export const photos = defineResource({ key: queryRoots.photos, base: '/api/photos' });

/** Query keys of the photo caches. */
export const photoKeys = {
  all: photos.keys.all,
  entity: (entityType: string, entityId: string) => photos.keys.of('entity', entityType, entityId),
  gallery: (params: GalleryParams) => photos.keys.of('gallery', params),
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

export const useDeletePhoto = () => photos.useWrite(deletePhoto);

export const useDeleteEntityPhotos = (entityType: PhotoEntityType, entityId: string) =>
  photos.useWrite(() => deleteEntityPhotos(entityType, entityId));

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

const entityPhotos = photos.read((entityType: string, entityId: string) => ({
  key: ['entity', entityType, entityId],
  load: (signal) => getEntityPhotos(entityType, entityId, signal),
  ...PHOTO_CACHE,
  // asked offline too (TanStack would pause it): the answer then is "not available offline"
  networkMode: 'always',
}));
export const entityPhotosQueryOptions = entityPhotos.options;
export const useEntityPhotos = entityPhotos.use;

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

const galleryPhotos = photos.read((params: GalleryParams) => ({
  key: ['gallery', params],
  load: (signal) => getGalleryPhotos(params, signal),
  // The server pages: while the next page loads, the current one stays on screen.
  keepPrevious: true,
  ...PHOTO_CACHE,
}));
export const galleryPhotosQueryOptions = galleryPhotos.options;
export const useGalleryPhotos = galleryPhotos.use;

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

/** GET /photos/getSyncStatus (admin), polled every 2 s while a sync runs. */
const syncStatus = photos.read(() => ({
  key: ['sync-status'],
  url: '/photos/getSyncStatus',
  schema: photoSyncStatusSchema,
  refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
}));
export const usePhotoSyncStatus = syncStatus.use;

/** GET /photos/syncPhotosWithFilesystem (admin): starts the reconciliation in the background. */
export const useStartPhotoSync = () =>
  photos.useWrite(
    () => api.get('/photos/syncPhotosWithFilesystem', { schema: photoSyncStartedSchema }),
    {
      onSuccess: (answer, queryClient) =>
        queryClient.setQueryData(syncStatus.options().queryKey, answer.status),
      // the status is all that changed (the panel refreshes the lists once the sync ends)
      refresh: false,
    },
  );

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
