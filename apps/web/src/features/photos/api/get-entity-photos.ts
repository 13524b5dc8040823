import { queryOptions, useQuery } from '@tanstack/react-query';
import { PHOTO_TIMEOUTS, photoEntityListSchema, type Photo } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { notify } from '@/lib/toast';
import { PHOTO_CACHE, photoKeys } from './keys';
import { photoErrorMessage } from './photo-errors';

export interface EntityPhotos {
  /** newest first */
  photos: Photo[];
  /** signed link to all of them as one zip; null when there are none */
  zipUrl: string | null;
}

const NO_PHOTOS: EntityPhotos = { photos: [], zipUrl: null };

/**
 * GET /photos/flutter/getPhotos?entityType&entityId. SPEC §5: without type and id there is nothing
 * to ask. SPEC §8: a failed lookup gives an empty list (the toast says why) instead of an error page.
 */
export async function getEntityPhotos(entityType: string, entityId: string, signal?: AbortSignal): Promise<EntityPhotos> {
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
    notify({ severity: 'error', summary: 'Foto non disponibili', detail: photoErrorMessage(error) });
    return NO_PHOTOS;
  }
}

export const entityPhotosQueryOptions = (entityType: string, entityId: string) =>
  queryOptions({
    queryKey: photoKeys.entity(entityType, entityId),
    queryFn: ({ signal }) => getEntityPhotos(entityType, entityId, signal),
    ...PHOTO_CACHE,
  });

export function useEntityPhotos(entityType: string, entityId: string) {
  return useQuery(entityPhotosQueryOptions(entityType, entityId));
}
