import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatAvailableUsersResponseSchema, type ChatUser } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { chatKeys } from './keys';

/** GET /api/chat/available-users: whom the user may write to (with online state). */
export async function getAvailableUsers(): Promise<ChatUser[]> {
  const { users } = await api.get('/api/chat/available-users', { schema: chatAvailableUsersResponseSchema, timeoutMs: 10_000 });
  return users;
}

export const availableUsersQueryOptions = queryOptions({
  queryKey: chatKeys.availableUsers,
  queryFn: getAvailableUsers,
  staleTime: 60_000,
});

export function useAvailableUsers() {
  return useQuery(availableUsersQueryOptions);
}
