import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatAttachments, chatMessages, companies, users } from '../../db/schema/index.js';
import type { ChatAttachmentRow, ChatMessageRow } from './chat.mapper.js';

/*
 * Chat rows belong to two users, not to a company (the group talks across its companies), so every
 * query here is scoped by the caller's user id instead of a company id: a conversation is always the
 * pair (caller, other), and a message is found only through one of its two participants.
 */

/** The two directions of one conversation. */
function pair(a: string, b: string): SQL {
  return or(
    and(eq(chatMessages.senderId, a), eq(chatMessages.receiverId, b)),
    and(eq(chatMessages.senderId, b), eq(chatMessages.receiverId, a)),
  )!;
}

const unread = (receiverId: string) =>
  and(
    eq(chatMessages.receiverId, receiverId),
    isNull(chatMessages.readAt),
    isNull(chatMessages.deletedAt),
  );

const userColumns = {
  id: users.id,
  name: users.name,
  role: users.role,
  permissions: users.permissions,
  active: users.active,
  companyId: users.companyId,
  companyName: companies.name,
};

export async function listActiveUsers(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.active, true))
    .orderBy(asc(users.name), asc(users.id));
}

export async function findUsers(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, ids));
}

export async function insertMessage(
  tx: DbOrTx,
  values: { id: string; senderId: string; receiverId: string; content: string },
) {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  return row!;
}

export async function insertAttachments(
  tx: DbOrTx,
  rows: Array<typeof chatAttachments.$inferInsert>,
) {
  if (!rows.length) return [];
  return tx.insert(chatAttachments).values(rows).returning();
}

export async function attachmentsOf(
  db: DbOrTx,
  messageIds: string[],
): Promise<ChatAttachmentRow[]> {
  if (!messageIds.length) return [];
  return db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.messageId, messageIds))
    .orderBy(asc(chatAttachments.messageId), asc(chatAttachments.position));
}

/** A message the caller takes part in, or undefined (a third user gets nothing). */
export async function findMessageFor(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, id),
        or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The cursor's (created_at, id) read by the database itself: a JavaScript Date keeps milliseconds
 * while the column keeps microseconds, so a round trip through the client could skip a message.
 */
const cursor = (id: string) =>
  sql`(select c.created_at, c.id from ${chatMessages} c where c.id = ${id})`;

export interface PageOptions {
  limit: number;
  skip: number;
  /** Id of a message of this conversation (the service checks it). */
  before?: string;
  after?: string;
}

/**
 * One page of the conversation, one row more than asked (to know if there are more). Order is by
 * server time and id; `after` pages go oldest first so a catch-up can continue from its last row.
 */
export async function conversationPage(
  db: DbOrTx,
  me: string,
  other: string,
  page: PageOptions,
): Promise<ChatMessageRow[]> {
  const conditions: SQL[] = [pair(me, other)];
  if (page.before) {
    conditions.push(sql`(${chatMessages.createdAt}, ${chatMessages.id}) < ${cursor(page.before)}`);
  }
  if (page.after) {
    conditions.push(sql`(${chatMessages.createdAt}, ${chatMessages.id}) > ${cursor(page.after)}`);
  }
  const order = page.after
    ? [asc(chatMessages.createdAt), asc(chatMessages.id)]
    : [desc(chatMessages.createdAt), desc(chatMessages.id)];
  return db
    .select()
    .from(chatMessages)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(page.limit + 1)
    .offset(page.before || page.after ? 0 : page.skip);
}

/** The last message of each of the caller's conversations, newest conversation first. */
export async function lastMessages(
  db: DbOrTx,
  me: string,
): Promise<Array<ChatMessageRow & { otherId: string }>> {
  // The pair in a fixed order names the conversation without a parameter, so DISTINCT ON and
  // ORDER BY are the same expressions (PostgreSQL requires it) and the pair index serves them.
  const low = sql`least(${chatMessages.senderId}, ${chatMessages.receiverId})`;
  const high = sql`greatest(${chatMessages.senderId}, ${chatMessages.receiverId})`;
  const rows = await db
    .selectDistinctOn([low, high])
    .from(chatMessages)
    .where(or(eq(chatMessages.senderId, me), eq(chatMessages.receiverId, me)))
    .orderBy(low, high, desc(chatMessages.createdAt), desc(chatMessages.id));
  return rows
    .map((r) => ({ ...r, otherId: r.senderId === me ? r.receiverId : r.senderId }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

export async function unreadCount(db: DbOrTx, receiverId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatMessages).where(unread(receiverId));
  return row?.n ?? 0;
}

export async function unreadBySender(
  db: DbOrTx,
  receiverId: string,
): Promise<Array<{ userId: string; unreadCount: number }>> {
  const rows = await db
    .select({ userId: chatMessages.senderId, unreadCount: count() })
    .from(chatMessages)
    .where(unread(receiverId))
    .groupBy(chatMessages.senderId);
  return rows;
}

/** Marks what `senderId` sent to `receiverId` as read; answers how many changed and when. */
export async function markRead(
  db: DbOrTx,
  receiverId: string,
  senderId: string,
): Promise<{ changed: number; readAt: Date }> {
  const readAt = new Date();
  const rows = await db
    .update(chatMessages)
    .set({ readAt })
    .where(and(unread(receiverId), eq(chatMessages.senderId, senderId)))
    .returning({ id: chatMessages.id });
  return { changed: rows.length, readAt };
}

/** Guarded: only the sender, only once. Returns the deleted row, or undefined. */
export async function softDelete(
  tx: DbOrTx,
  id: string,
  senderId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await tx
    .update(chatMessages)
    .set({ deletedAt: new Date(), content: '' })
    .where(
      and(
        eq(chatMessages.id, id),
        eq(chatMessages.senderId, senderId),
        isNull(chatMessages.deletedAt),
      ),
    )
    .returning();
  return row;
}

export async function deleteAttachments(
  tx: DbOrTx,
  messageId: string,
): Promise<ChatAttachmentRow[]> {
  return tx.delete(chatAttachments).where(eq(chatAttachments.messageId, messageId)).returning();
}
