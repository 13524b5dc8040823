import { CHAT_PAGE_LIMIT, chatConversationResponseSchema, type ChatConversationPage } from '@gestcava/contracts';
import { api } from '@/lib/api';

export interface ConversationPageParams {
  limit?: number;
  /** the page older than this message */
  before?: string;
  /** what came after this message, oldest first (catch-up after a reconnect) */
  after?: string;
}

/** GET /api/chat/conversation/:userId?limit=50&skip=0 (SPEC §7, §9), plus before/after for stable paging. */
export function getConversationPage(userId: string, { limit = CHAT_PAGE_LIMIT, before, after }: ConversationPageParams = {}, signal?: AbortSignal): Promise<ChatConversationPage> {
  return api.get(`/api/chat/conversation/${encodeURIComponent(userId)}`, {
    query: { limit, skip: before || after ? undefined : 0, before, after },
    schema: chatConversationResponseSchema,
    timeoutMs: 10_000,
    signal,
  });
}
