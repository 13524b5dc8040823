import { can, CHAT_MESSAGES, type ChatMessage } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../lib/auth/sessions.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { ChatEvents, ChatSession } from './chat.events.js';
import {
  toMessageDto,
  ATTACHMENT_URL_TTL_SECONDS,
  type AttachmentSigner,
  type ChatAttachmentRow,
  type ChatMessageRow,
} from './chat.mapper.js';
import * as repo from './chat.repository.js';

// What the chat's operations share: the signed links of a session, the attachments of a list of
// messages, the other party of a conversation, presence and the unread counter.

export type UserRow = Awaited<ReturnType<typeof repo.listActiveUsers>>[number];

/** docs/screens.md: the chat is for users with the chat permission, and for admins. */
export const mayChat = (u: Pick<UserRow, 'role' | 'permissions' | 'active'>) =>
  u.active && can(u, 'chat');

export interface ChatDeps {
  db: Db;
  storage: Storage;
  links: SessionLinks;
  events: ChatEvents;
}

export type ChatContext = ReturnType<typeof createChatContext>;

export function createChatContext(deps: ChatDeps) {
  const { db, links, events } = deps;
  /** Links for one session: they open while it lives and its user has the chat (lib/session-links.ts). */
  const signerFor =
    (session: ChatSession): AttachmentSigner =>
    (key, downloadName) =>
      links.fileUrl(key, session, {
        ttlSeconds: ATTACHMENT_URL_TTL_SECONDS,
        downloadName,
        pages: ['chat'],
      });
  /** A message without files carries no link: any session may read the same copy. */
  const noLinks: AttachmentSigner = () => '';

  async function withAttachments(
    session: ChatSession,
    rows: ChatMessageRow[],
  ): Promise<ChatMessage[]> {
    const files = await repo.attachmentsOf(
      db,
      rows.filter((r) => !r.deletedAt).map((r) => r.id),
    );
    const byMessage = new Map<string, ChatAttachmentRow[]>();
    for (const f of files) byMessage.set(f.messageId, [...(byMessage.get(f.messageId) ?? []), f]);
    const sign = signerFor(session);
    return rows.map((r) => toMessageDto(r, byMessage.get(r.id) ?? [], sign));
  }

  async function counterpart(me: AuthUser, otherId: string): Promise<UserRow> {
    if (otherId === me.id)
      throw badRequest(CHAT_MESSAGES.toSelf, [
        { path: 'receiverId', message: CHAT_MESSAGES.toSelf },
      ]);
    const [other] = await repo.findUsers(db, [otherId]);
    if (!other) throw notFound('Utente non trovato');
    return other;
  }

  async function online(): Promise<Set<string>> {
    try {
      return await events.onlineUserIds();
    } catch {
      // Presence is a hint: an instance that does not answer in time must not fail the list.
      return new Set();
    }
  }

  async function unreadCount(userId: string) {
    return repo.unreadCount(db, userId);
  }

  async function publishUnread(userId: string) {
    events.unreadCount(userId, await unreadCount(userId));
  }

  return {
    ...deps,
    signerFor,
    noLinks,
    withAttachments,
    counterpart,
    online,
    unreadCount,
    publishUnread,
  };
}
