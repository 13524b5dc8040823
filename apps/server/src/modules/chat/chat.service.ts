import {
  CHAT_MESSAGES,
  type ChatConversationPage,
  type ChatConversationQuery,
  type ChatConversationSummary,
  type ChatUser,
} from '@gestcava/contracts';
import { badRequest } from '../../lib/app-error.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import { toChatUserDto } from './chat.mapper.js';
import * as repo from './chat.repository.js';

import { createChatContext, mayChat, type ChatDeps } from './chat.context.js';
import { remove, send, type SendInput } from './chat.send.js';

export type { SendInput } from './chat.send.js';

export type ChatService = ReturnType<typeof createChatService>;

/**
 * Direct messages between users of the group (docs/api.md "Shape of the API" "Chat"). A user may write to any active user
 * of any group company who has the chat page (or is an admin); a conversation is readable only by
 * its two participants.
 *
 * The writes are in `chat.send.ts`, what the operations share in `chat.context.ts`.
 */
export function createChatService(deps: ChatDeps) {
  const ctx = createChatContext(deps);
  const { db, events, online, withAttachments, counterpart, unreadCount } = ctx;
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

    /** `GET /api/chat/users`: the caller's conversations, newest first, with last message and unread count. */
    async conversations(session: AuthContext): Promise<ChatConversationSummary[]> {
      const me = session.user;
      const last = await repo.lastMessages(db, me.id);
      const [people, unread, connected, messages] = await Promise.all([
        repo.findUsers(
          db,
          last.map((m) => m.otherId),
        ),
        repo.unreadBySender(db, me.id),
        online(),
        withAttachments(session, last),
      ]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const unreadBy = new Map(unread.map((u) => [u.userId, u.unreadCount]));
      return last.flatMap((m, i) => {
        const person = byId.get(m.otherId);
        if (!person) return [];
        return [
          {
            ...toChatUserDto(person, connected.has(person.id)),
            lastMessage: messages[i]!,
            unreadCount: unreadBy.get(person.id) ?? 0,
          },
        ];
      });
    },

    /** `GET /api/chat/conversation/:userId`: never changes anything (reading is `mark_as_read`). */
    async conversation(
      session: AuthContext,
      otherId: string,
      query: ChatConversationQuery,
    ): Promise<ChatConversationPage> {
      const me = session.user;
      const other = await counterpart(me, otherId);
      for (const cursorId of [query.before, query.after]) {
        if (!cursorId) continue;
        const cursor = await repo.findMessageFor(db, cursorId, me.id);
        const inPair = cursor && (cursor.senderId === otherId || cursor.receiverId === otherId);
        if (!inPair) throw badRequest(CHAT_MESSAGES.cursorInvalid);
      }
      const rows = await repo.conversationPage(db, me.id, otherId, {
        limit: query.limit,
        skip: query.skip,
        before: query.before,
        after: query.after,
      });
      const hasMore = rows.length > query.limit;
      const connected = await online();
      return {
        success: true,
        messages: await withAttachments(session, rows.slice(0, query.limit)),
        hasMore,
        user: toChatUserDto(other, connected.has(other.id)),
      };
    },

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
