import {
  can,
  CHAT_MESSAGES,
  type ChatConversationPage,
  type ChatConversationQuery,
  type ChatConversationSummary,
  type ChatMessage,
  type ChatUser,
} from '@gestcava/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { processAttachmentImage } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import { IMAGE_KINDS, type ReceivedFile } from '../../lib/uploads.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import type { SessionLinks } from '../../lib/session-links.js';
import type { ChatEvents, ChatSession } from './chat.events.js';
import {
  toChatUserDto,
  toMessageDto,
  ATTACHMENT_URL_TTL_SECONDS,
  type AttachmentSigner,
  type ChatAttachmentRow,
  type ChatMessageRow,
} from './chat.mapper.js';
import * as repo from './chat.repository.js';

export type ChatService = ReturnType<typeof createChatService>;

type UserRow = Awaited<ReturnType<typeof repo.listActiveUsers>>[number];

/** docs/screens.md: the chat is for users with the chat permission, and for admins. */
const mayChat = (u: Pick<UserRow, 'role' | 'permissions' | 'active'>) => u.active && can(u, 'chat');

export interface SendInput {
  receiverId: string;
  content: string;
  files: ReceivedFile[];
  /** The sending tab: it already shows the message. */
  socketId?: string;
}

/**
 * Direct messages between users of the group (docs/api.md "Shape of the API" "Chat"). A user may write to any active user
 * of any group company who has the chat page (or is an admin); a conversation is readable only by
 * its two participants.
 */
export function createChatService({
  db,
  storage,
  links,
  events,
}: {
  db: Db;
  storage: Storage;
  links: SessionLinks;
  events: ChatEvents;
}) {
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

    /**
     * `POST /api/chat/message`: the files are already received (checked by their bytes) in temporary
     * files; they are moved into storage, the rows written in one transaction, and only then is the
     * message emitted. Anything that fails removes what this call wrote.
     */
    async send(session: AuthContext, input: SendInput): Promise<ChatMessage> {
      const me = session.user;
      const content = input.content.trim() === '' ? '' : input.content;
      if (!content && input.files.length === 0)
        throw badRequest(CHAT_MESSAGES.empty, [{ path: 'content', message: CHAT_MESSAGES.empty }]);
      const receiver = await counterpart(me, input.receiverId);
      if (!mayChat(receiver))
        throw new AppError('VALIDATION', CHAT_MESSAGES.receiverUnavailable, {
          details: [{ path: 'receiverId', message: CHAT_MESSAGES.receiverUnavailable }],
        });

      const placement = storage.beginPlacement();
      let saved: { message: ChatMessageRow; attachments: ChatAttachmentRow[] };
      try {
        const placed: Array<{
          file: ReceivedFile;
          key: string;
          thumbnailKey: string | null;
          size: number;
        }> = [];
        for (const file of input.files) {
          const key = storage.newKey(me.companyId, file.ext);
          if (IMAGE_KINDS.includes(file.kind)) {
            // Images go through the image pipeline: a damaged or oversized one refuses the message before
            // anything is stored, and the stored original carries no location (a phone photo has GPS).
            const image = await processAttachmentImage(file.tempPath, file.kind);
            const thumbnailKey = storage.variantKey(key, 'thumb', 'webp');
            await placement.add(key, thumbnailKey);
            await storage.putBuffer(key, image.original, file.mime);
            await storage.putBuffer(thumbnailKey, image.thumbnail, 'image/webp');
            placed.push({ file, key, thumbnailKey, size: image.original.length });
          } else {
            await placement.add(key);
            await storage.put(file.tempPath, key, file.mime);
            placed.push({ file, key, thumbnailKey: null, size: file.size });
          }
        }
        const values = { id: uuidv7(), senderId: me.id, receiverId: receiver.id, content };
        // Text only: one INSERT is atomic by itself, and the two round trips of BEGIN/COMMIT are saved
        // from the latency every receiver waits for (docs/quality.md P8).
        saved =
          placed.length === 0
            ? { message: await repo.insertMessage(db, values), attachments: [] }
            : await db.transaction(async (tx) => {
                const message = await repo.insertMessage(tx, values);
                const attachments = await repo.insertAttachments(
                  tx,
                  placed.map(({ file, key, thumbnailKey, size }, position) => ({
                    messageId: message.id,
                    companyId: me.companyId,
                    position,
                    fileName: cleanFileName(file.originalName, file.ext),
                    mime: file.mime,
                    size,
                    checksum: file.sha256,
                    storageKey: key,
                    thumbnailKey,
                  })),
                );
                await placement.settle(tx);
                return { message, attachments };
              });
      } catch (error) {
        await placement.abandon();
        throw error;
      }
      // Committed: from here on the files belong to the message, whatever happens to the notification.
      const { message, attachments } = saved;
      // Each tab receives links signed for its own session; a text-only message is one copy for all.
      await events.newMessage(
        toMessageDto(message, [], noLinks),
        input.socketId,
        attachments.length
          ? (reader) => toMessageDto(message, attachments, signerFor(reader))
          : undefined,
      );
      await publishUnread(receiver.id);
      return toMessageDto(message, attachments, signerFor(session));
    },

    /** `DELETE /api/chat/message/:id`: only the sender; the row stays as 'Messaggio eliminato'. */
    async remove(me: AuthUser, id: string): Promise<ChatMessage> {
      const existing = await repo.findMessageFor(db, id, me.id);
      if (!existing) throw notFound(CHAT_MESSAGES.notFound);
      if (existing.senderId !== me.id) throw forbidden(CHAT_MESSAGES.notSender);
      const result = await db.transaction(async (tx) => {
        const row = await repo.softDelete(tx, id, me.id);
        if (!row) return null;
        const files = await repo.deleteAttachments(tx, id);
        const keys = files.flatMap((f) =>
          f.thumbnailKey ? [f.storageKey, f.thumbnailKey] : [f.storageKey],
        );
        await storage.release(tx, keys);
        return { row, keys };
      });
      // Deleted already (a double click, another tab): answer the current state.
      if (!result) return toMessageDto((await repo.findMessageFor(db, id, me.id))!, [], noLinks);
      // After the rows are gone (docs/quality.md R7): a crash in between leaves the keys to the pending sweep.
      await storage.removeReleased(result.keys);
      const dto = toMessageDto(result.row, [], noLinks);
      events.messageDeleted(dto);
      if (!existing.readAt) await publishUnread(existing.receiverId);
      return dto;
    },

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

/** The name shown and used for downloads: the client's base name, never a path, with the real extension. */
export function cleanFileName(original: string, ext: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  if (!cleaned) return `allegato.${ext}`;
  return cleaned.toLowerCase().endsWith(`.${ext}`)
    ? cleaned
    : `${cleaned.replace(/\.[^.]*$/, '')}.${ext}`;
}

/** Removes temporary files that were received but not used (a refused message). */
