import type { ChatAttachment, ChatMessage, ChatUser } from '@gestcava/contracts';
import type { chatAttachments, chatMessages } from '../../db/schema/index.js';
import { IMAGE_KINDS, FILE_KINDS } from '../../lib/uploads.js';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatAttachmentRow = typeof chatAttachments.$inferSelect;

/**
 * Minutes, like photo links. A link opens only while the session it was signed for lives and its
 * user has the chat (docs/security.md, "Links bound to their session"); the web app fetches the open
 * conversation again before its links expire, and a stale link answers 'Collegamento scaduto:
 * ricarica la pagina'.
 */
export const ATTACHMENT_URL_TTL_SECONDS = 30 * 60;

/** The link of a stored file for the session that will read the message; `downloadName` makes it a download. */
export type AttachmentSigner = (key: string, downloadName?: string) => string;

const IMAGE_MIMES = new Set<string>(IMAGE_KINDS.map((k) => FILE_KINDS[k].mime));

export function toAttachmentDto(row: ChatAttachmentRow, sign: AttachmentSigner): ChatAttachment {
  const isImage = IMAGE_MIMES.has(row.mime);
  return {
    _id: row.id,
    fileName: row.fileName,
    mime: row.mime,
    size: row.size,
    isImage,
    // A download always (attachment + nosniff); images also their small WebP, shown inline.
    url: sign(row.storageKey, row.fileName),
    inlineUrl: isImage && row.thumbnailKey ? sign(row.thumbnailKey) : null,
  };
}

export function toMessageDto(
  row: ChatMessageRow,
  attachments: ChatAttachmentRow[],
  sign: AttachmentSigner,
): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    _id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: deleted ? '' : row.content,
    attachments: deleted ? [] : attachments.map((a) => toAttachmentDto(a, sign)),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    deleted,
  };
}

export interface ChatUserRow {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
}

export function toChatUserDto(row: ChatUserRow, online: boolean): ChatUser {
  return {
    _id: row.id,
    name: row.name,
    companyId: row.companyId,
    companyName: row.companyName,
    online,
  };
}
