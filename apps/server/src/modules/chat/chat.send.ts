import type { Storage } from '../../lib/storage.js';
import { CHAT_MESSAGES, type ChatMessage } from '@gestcava/contracts';
import { v7 as uuidv7 } from 'uuid';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { processAttachmentImage } from '../../lib/images.js';
import { IMAGE_KINDS, type ReceivedFile } from '../../lib/uploads.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import { toMessageDto, type ChatAttachmentRow, type ChatMessageRow } from './chat.mapper.js';
import * as repo from './chat.repository.js';

import { mayChat, type ChatContext } from './chat.context.js';

// The chat's writes: a message with its files, and its deletion.

export interface SendInput {
  receiverId: string;
  content: string;
  files: ReceivedFile[];
  /** The sending tab: it already shows the message. */
  socketId?: string;
}

/**
 * `POST /api/chat/message`: the files are already received (checked by their bytes) in temporary
 * files; they are moved into storage, the rows written in one transaction, and only then is the
 * message emitted. Anything that fails removes what this call wrote.
 */
export async function send(
  ctx: ChatContext,
  session: AuthContext,
  input: SendInput,
): Promise<ChatMessage> {
  const { db, storage, events, counterpart, noLinks, signerFor, publishUnread } = ctx;
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
    const placed = await placeFiles(ctx, me.companyId, input.files, placement);
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
}

/** `DELETE /api/chat/message/:id`: only the sender; the row stays as 'Messaggio eliminato'. */
export async function remove(ctx: ChatContext, me: AuthUser, id: string): Promise<ChatMessage> {
  const { db, storage, events, noLinks, publishUnread } = ctx;
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
}

/** A message's files moved into storage (images through the image pipeline), each key recorded as pending first. */
async function placeFiles(
  ctx: ChatContext,
  companyId: string,
  files: ReceivedFile[],
  placement: ReturnType<Storage['beginPlacement']>,
) {
  const { storage } = ctx;
  const placed: Array<{
    file: ReceivedFile;
    key: string;
    thumbnailKey: string | null;
    size: number;
  }> = [];
  for (const file of files) {
    const key = storage.newKey(companyId, file.ext);
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
  return placed;
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
