import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const unreadSchema = z.object({
  success: z.literal(true),
  data: z.object({ unreadCount: z.number().int().min(0) }),
});

/** SPEC §9: polled every 30 s. */
export const UNREAD_POLL_MS = 30_000;

/** GET /api/chat/unread; a failure counts as 0 (SPEC §8). */
export async function getUnreadCount(): Promise<number> {
  try {
    const { data } = await api.get('/api/chat/unread', { schema: unreadSchema, timeoutMs: 10_000 });
    return data.unreadCount;
  } catch {
    return 0;
  }
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: ['chat', 'unread'],
  queryFn: getUnreadCount,
  refetchInterval: UNREAD_POLL_MS,
  staleTime: UNREAD_POLL_MS,
});

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
