import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_TIMEOUTS, photoDeletedSchema, photosDeletedSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { photoKeys, type PhotoEntityType } from './keys';

/** DELETE /photos/deletePhoto/:id (write permission on the entity's page). */
export function deletePhoto(id: string) {
  return api.delete(`/photos/deletePhoto/${encodeURIComponent(id)}`, undefined, {
    schema: photoDeletedSchema,
    timeoutMs: PHOTO_TIMEOUTS.delete,
  });
}

/** DELETE /photos/deletePhotos { entityType, entityId }: every photo of the entity; answers how many. */
export function deleteEntityPhotos(entityType: PhotoEntityType, entityId: string) {
  return api.delete('/photos/deletePhotos', { entityType, entityId }, { schema: photosDeletedSchema, timeoutMs: PHOTO_TIMEOUTS.delete });
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
