import {
  CHAT_MESSAGES,
  type ChatConversationPage,
  type ChatConversationQuery,
  type ChatConversationSummary,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth/sessions.js';
import type { ChatContext } from './chat.context.js';
import { toChatUserDto } from './chat.mapper.js';
import * as repo from './chat.repository.js';

/** A page's cursors must be messages of this conversation, the caller's own to see. */
async function checkCursors(db: Db, meId: string, otherId: string, query: ChatConversationQuery) {
  for (const cursorId of [query.before, query.after]) {
    if (!cursorId) continue;
    const cursor = await repo.findMessageFor(db, cursorId, meId);
    const inPair = cursor && (cursor.senderId === otherId || cursor.receiverId === otherId);
    if (!inPair) throw badRequest(CHAT_MESSAGES.cursorInvalid);
  }
}

/** The caller's conversations and one conversation's page of messages. */
export function createChatConversations(ctx: ChatContext) {
  const { db, online, withAttachments, counterpart } = ctx;
  return {
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
      await checkCursors(db, me.id, otherId, query);
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
  };
}
