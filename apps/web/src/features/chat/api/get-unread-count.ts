import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHAT_UNREAD_POLL_MS, chatUnreadResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { getToken } from '@/lib/session';
import { chatKeys } from './keys';

/** SPEC §9: polled every 30 s. */
export const UNREAD_POLL_MS = CHAT_UNREAD_POLL_MS;

/** GET /api/chat/unread; a failure counts as 0 (SPEC §8). */
export async function getUnreadCount(): Promise<number> {
  // Right after a logout the top bar may still poll once: without a token there is nothing to ask,
  // and an anonymous 401 would send the login page (already open) to itself again, losing what the
  // user is typing.
  if (!getToken()) return 0;
  try {
    const { data } = await api.get('/api/chat/unread', { schema: chatUnreadResponseSchema, timeoutMs: 10_000 });
    return data.unreadCount;
  } catch {
    return 0;
  }
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: getUnreadCount,
  refetchInterval: UNREAD_POLL_MS,
  staleTime: UNREAD_POLL_MS,
});

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
