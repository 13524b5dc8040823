import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  condivisioniNotificheSchema,
  type CondivisioniNotifiche,
  type CondivisioniNotificheLetti,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const BASE = '/api/condivisioni/notifiche';
/**
 * A fallback for a tab without the realtime connection (no chat page): the socket's
 * `condivisioni_risposta` refreshes it at once, the poll and a return to the tab otherwise.
 */
const POLL_MS = 60_000;

/** GET /api/condivisioni/notifiche: the buyers' answers on the user's own links not read yet. */
export function useNotificheRisposte(enabled: boolean) {
  return useQuery({
    queryKey: queryRoots.condivisioniNotifiche,
    queryFn: ({ signal }) => api.get(BASE, { schema: condivisioniNotificheSchema, signal }),
    enabled,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/condivisioni/notifiche/letti: the answers named (or all) are read; answers the rest. */
export function useSegnaRisposteLette() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CondivisioniNotificheLetti) =>
      api.post(`${BASE}/letti`, body, { schema: condivisioniNotificheSchema }),
    onSuccess: (data: CondivisioniNotifiche) =>
      queryClient.setQueryData(queryRoots.condivisioniNotifiche, data),
  });
}
