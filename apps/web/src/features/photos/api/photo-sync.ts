import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoSyncStatusSchema } from '@gestcava/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const SYNC_STATUS_KEY = ['photo-sync-status'] as const;
const startedSchema = z.object({ success: z.literal(true), started: z.boolean(), status: photoSyncStatusSchema });

/** GET /photos/getSyncStatus (admin), polled every 2 s while a sync runs. */
export function usePhotoSyncStatus(enabled: boolean) {
  return useQuery({
    queryKey: SYNC_STATUS_KEY,
    queryFn: ({ signal }) => api.get('/photos/getSyncStatus', { schema: photoSyncStatusSchema, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
}

/** GET /photos/syncPhotosWithFilesystem (admin): starts the reconciliation in the background. */
export function useStartPhotoSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/photos/syncPhotosWithFilesystem', { schema: startedSchema }),
    onSuccess: (answer) => queryClient.setQueryData(SYNC_STATUS_KEY, answer.status),
  });
}
