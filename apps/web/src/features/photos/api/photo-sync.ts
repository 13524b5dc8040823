import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoSyncStartedSchema, photoSyncStatusSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

const SYNC_STATUS_KEY = ['photo-sync-status'] as const;

/** GET /photos/getSyncStatus (admin), polled every 2 s while a sync runs. */
export function usePhotoSyncStatus() {
  return useQuery({
    queryKey: SYNC_STATUS_KEY,
    queryFn: ({ signal }) => api.get('/photos/getSyncStatus', { schema: photoSyncStatusSchema, signal }),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
}

/** GET /photos/syncPhotosWithFilesystem (admin): starts the reconciliation in the background. */
export function useStartPhotoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/photos/syncPhotosWithFilesystem', { schema: photoSyncStartedSchema }),
    onSuccess: (answer) => queryClient.setQueryData(SYNC_STATUS_KEY, answer.status),
  });
}
