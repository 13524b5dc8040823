import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { primaryId } from './columns.js';
import { companyRef } from './companies.js';
import { users } from './users.js';

/**
 * Direct messages between users of the group (docs/domain.md "The records" "Chat message"). Ids are uuid v7 and the
 * order is (created_at, id): the time comes from the database, so several instances agree on it.
 * A user with messages cannot be deleted (deactivate instead, docs/api.md "Who may call what"). A deleted message keeps its row (both sides show 'Messaggio eliminato') and loses its text and files.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: primaryId(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // One conversation in either direction, newest first: the pair is stored in a fixed order.
    index('chat_messages_pair_idx').on(
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
      t.createdAt,
      t.id,
    ),
    index('chat_messages_sender_idx').on(t.senderId, t.createdAt),
    index('chat_messages_receiver_idx').on(t.receiverId, t.createdAt),
    // The unread count is asked on every connect and after every message.
    index('chat_messages_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
  ],
);

/** Files of a message, stored through the one upload pipeline under the sender's company. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: primaryId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    checksum: text('checksum').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Images: a small WebP shown in the conversation instead of the (up to 25 MB) original. */
    thumbnailKey: text('thumbnail_key'),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId, t.position)],
);
