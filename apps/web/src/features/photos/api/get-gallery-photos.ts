import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PHOTO_TIMEOUTS, photoPageSchema, type PhotoPage } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { notify } from '@/lib/toast';
import { PHOTO_CACHE, photoKeys, type GalleryParams } from './keys';
import { photoErrorMessage } from './photo-errors';

const NO_PAGE: PhotoPage = { photos: [], total: 0 };

/**
 * GET /photo-gallery/paginatedPhotos with the entity's code, materiale, stato, cava and detail
 * page on each photo. A failed page is an empty one plus a toast (SPEC §8, like every photo list).
 */
export async function getGalleryPhotos(params: GalleryParams, signal?: AbortSignal): Promise<PhotoPage> {
  try {
    return await api.get('/photo-gallery/paginatedPhotos', {
      query: { ...params, includeEntityInfo: 'true' },
      schema: photoPageSchema,
      signal,
      timeoutMs: PHOTO_TIMEOUTS.gallery,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    notify({ severity: 'error', summary: 'Galleria non disponibile', detail: photoErrorMessage(error) });
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
