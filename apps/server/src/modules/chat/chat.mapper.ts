import type { ChatAttachment, ChatMessage, ChatUser } from '@gestcava/contracts';
import type { chatAttachments, chatMessages } from '../../db/schema/index.js';
import type { Storage } from '../../lib/storage.js';
import { IMAGE_KINDS, FILE_KINDS } from '../../lib/uploads.js';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatAttachmentRow = typeof chatAttachments.$inferSelect;

/**
 * Minutes, like photo links: a link is a credential that outlives a logout, so it must not last a
 * shift. The web app fetches the open conversation again before its links expire; a stale link
 * answers 'Collegamento scaduto: ricarica la pagina'. The URLs go only to the two participants.
 */
export const ATTACHMENT_URL_TTL_SECONDS = 30 * 60;

const IMAGE_MIMES = new Set<string>(IMAGE_KINDS.map((k) => FILE_KINDS[k].mime));

export function toAttachmentDto(row: ChatAttachmentRow, storage: Storage): ChatAttachment {
  const isImage = IMAGE_MIMES.has(row.mime);
  return {
    _id: row.id,
    fileName: row.fileName,
    mime: row.mime,
    size: row.size,
    isImage,
    // A download always (attachment + nosniff); images also their small WebP, shown inline.
    url: storage.signedUrl(row.storageKey, {
      ttlSeconds: ATTACHMENT_URL_TTL_SECONDS,
      downloadName: row.fileName,
    }),
    inlineUrl:
      isImage && row.thumbnailKey
        ? storage.signedUrl(row.thumbnailKey, { ttlSeconds: ATTACHMENT_URL_TTL_SECONDS })
        : null,
  };
}

export function toMessageDto(
  row: ChatMessageRow,
  attachments: ChatAttachmentRow[],
  storage: Storage,
): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    _id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: deleted ? '' : row.content,
    attachments: deleted ? [] : attachments.map((a) => toAttachmentDto(a, storage)),
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
