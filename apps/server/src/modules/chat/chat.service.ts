import type { ChatUser } from '@gestcava/contracts';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import { toChatUserDto } from './chat.mapper.js';
import * as repo from './chat.repository.js';

import { createChatContext, mayChat, type ChatDeps } from './chat.context.js';
import { createChatConversations } from './chat.conversations.js';
import { remove, send, type SendInput } from './chat.send.js';

export type { SendInput } from './chat.send.js';

export type ChatService = ReturnType<typeof createChatService>;

/**
 * Direct messages between users of the group (docs/api.md "Shape of the API" "Chat"). A user may write to any active user
 * of any group company who has the chat page (or is an admin); a conversation is readable only by
 * its two participants.
 *
 * The conversations' reads are in `chat.conversations.ts`, the writes in `chat.send.ts`, what the
 * operations share in `chat.context.ts`.
 */
export function createChatService(deps: ChatDeps) {
  const ctx = createChatContext(deps);
  const { db, events, online, unreadCount } = ctx;
  return {
    unreadCount,

    async unreadByUser(userId: string) {
      return repo.unreadBySender(db, userId);
    },

    /** `GET /api/chat/available-users`: whom the caller may write to. */
    async availableUsers(me: AuthUser): Promise<ChatUser[]> {
      const [rows, connected] = await Promise.all([repo.listActiveUsers(db), online()]);
      return rows
        .filter((u) => u.id !== me.id && mayChat(u))
        .map((u) => toChatUserDto(u, connected.has(u.id)));
    },

    ...createChatConversations(ctx),

    send: (session: AuthContext, input: SendInput) => send(ctx, session, input),
    remove: (me: AuthUser, id: string) => remove(ctx, me, id),

    /** Socket `mark_as_read { senderId }`: the conversation with that sender is read. */
    async markAsRead(meId: string, senderId: string): Promise<number> {
      const { changed, readAt } = await repo.markRead(db, meId, senderId);
      if (changed > 0)
        events.messagesRead(senderId, { readerId: meId, readAt: readAt.toISOString() });
      const count = await unreadCount(meId);
      events.unreadCount(meId, count);
      return count;
    },
  };
}
