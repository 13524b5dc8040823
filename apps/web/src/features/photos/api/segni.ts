import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_TIMEOUTS, segniAnswerSchema, type Segno } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { photoKeys } from './photos';

/** Under ['photos'], so a photo deleted or re-marked refreshes with the lists. */
export const segniKey = (photoId: string) => ['photos', 'segni', photoId] as const;

/** GET /api/photos/:id/segni: only fetched for a photo that has marks (`nSegni`). */
export function usePhotoSegni(photoId: string, enabled: boolean) {
  return useQuery({
    queryKey: segniKey(photoId),
    queryFn: ({ signal }) =>
      api
        .get(`/api/photos/${encodeURIComponent(photoId)}/segni`, {
          schema: segniAnswerSchema,
          signal,
          timeoutMs: PHOTO_TIMEOUTS.single,
        })
        .then((a) => a.segni as Segno[]),
    enabled,
  });
}

/** PUT /api/photos/:id/segni: the whole set replaces the saved one. */
export function useSaveSegni(photoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segni: Segno[]) =>
      api
        .put(
          `/api/photos/${encodeURIComponent(photoId)}/segni`,
          { segni },
          { schema: segniAnswerSchema, timeoutMs: PHOTO_TIMEOUTS.single },
        )
        .then((a) => a.segni as Segno[]),
    onSuccess: (saved) => {
      queryClient.setQueryData(segniKey(photoId), saved);
      // the lists carry nSegni
      return queryClient.invalidateQueries({ queryKey: photoKeys.all });
    },
  });
}
