import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatConversationsResponseSchema, type ChatConversationSummary } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { chatKeys } from './keys';

/** GET /api/chat/users: the user's conversations, newest first, with last message and unread count. */
export async function getConversations(): Promise<ChatConversationSummary[]> {
  const { users } = await api.get('/api/chat/users', { schema: chatConversationsResponseSchema, timeoutMs: 10_000 });
  return users;
}

export const conversationsQueryOptions = queryOptions({
  queryKey: chatKeys.conversations,
  queryFn: getConversations,
});

export function useConversations() {
  return useQuery(conversationsQueryOptions);
}
