import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatAttachments, companies, photos, users } from '../../db/schema/index.js';
import { cappedCount, rowsOf } from '../../lib/pagination.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = typeof photos.$inferInsert;
export type PhotoWithUser = PhotoRow & { userName: string | null };

/** The text the gallery's search reads, as the trigram index is built on it. */
export const photoSearchText = sql`(coalesce(${photos.codice}, '') || ' ' || coalesce(${photos.description}, ''))`;

function withUser(db: DbOrTx) {
  return db
    .select({ photo: photos, userName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${photos.userId})` })
    .from(photos);
}

const flatten = (r: { photo: PhotoRow; userName: string | null }): PhotoWithUser => ({ ...r.photo, userName: r.userName });

export async function findInCompany(db: DbOrTx, companyId: string, id: string): Promise<PhotoWithUser | undefined> {
  const [row] = await withUser(db).where(and(eq(photos.companyId, companyId), eq(photos.id, id))).limit(1);
  return row && flatten(row);
}

export async function listForEntity(db: DbOrTx, companyId: string, entityType: string, entityId: string) {
  const rows = await withUser(db)
    .where(and(eq(photos.companyId, companyId), eq(photos.entityType, entityType), eq(photos.entityId, entityId)))
    .orderBy(desc(photos.createdAt), desc(photos.id));
  return rows.map(flatten);
}

export async function page(db: DbOrTx, where: SQL, pageNumber: number, limit: number) {
  // The page's ids first: rows skipped by the offset cost an index entry, not a user lookup.
  const ids = db
    .select({ id: photos.id })
    .from(photos)
    .where(where)
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(limit)
    .offset((pageNumber - 1) * limit);
  const rows = await withUser(db).where(inArray(photos.id, ids)).orderBy(desc(photos.createdAt), desc(photos.id));
  const counted = await db.execute<{ n: number }>(sql`select ${cappedCount(sql`select 1 from ${photos} where ${where}`)} as n`);
  return { rows: rows.map(flatten), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

export function insertMany(db: DbOrTx, rows: NewPhotoRow[]) {
  return db.insert(photos).values(rows).returning();
}

export function deleteOne(db: DbOrTx, companyId: string, id: string) {
  return db
    .delete(photos)
    .where(and(eq(photos.companyId, companyId), eq(photos.id, id)))
    .returning()
    .then((r) => r[0]);
}

export function deleteForEntity(db: DbOrTx, companyId: string, entityType: string, entityId: string) {
  return db
    .delete(photos)
    .where(and(eq(photos.companyId, companyId), eq(photos.entityType, entityType), eq(photos.entityId, entityId)))
    .returning();
}

/** Keyset batches over every photo, for the filesystem sync. */
export function batchAfter(db: DbOrTx, afterId: string | null, size: number) {
  return db
    .select({ id: photos.id, originalKey: photos.originalKey, previewKey: photos.previewKey, thumbnailKey: photos.thumbnailKey, fileMissing: photos.fileMissing })
    .from(photos)
    .where(afterId ? gt(photos.id, afterId) : undefined)
    .orderBy(photos.id)
    .limit(size);
}

export function setFileMissing(db: DbOrTx, ids: string[], missing: boolean) {
  if (ids.length === 0) return Promise.resolve();
  return db.update(photos).set({ fileMissing: missing }).where(inArray(photos.id, ids)).then(() => undefined);
}

/** Storage keys other tables own (company logos, chat attachments): not orphans. */
export async function otherOwnedKeys(db: DbOrTx): Promise<string[]> {
  const [logos, attachments] = await Promise.all([
    db.select({ key: companies.logoKey }).from(companies),
    db.select({ key: chatAttachments.storageKey }).from(chatAttachments),
  ]);
  return [...logos, ...attachments].flatMap((x) => (x.key ? [x.key] : []));
}

export function companyExists(db: DbOrTx, id: string) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r.length > 0);
}

export function countAll(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .then((r) => r[0]?.n ?? 0);
}

/** An entity's code changed: its photos are found by the new one (the gallery searches `codice`). */
export function renameCodice(db: DbOrTx, companyId: string, entityType: string, entityId: string, codice: string) {
  return db
    .update(photos)
    .set({ codice })
    .where(and(eq(photos.companyId, companyId), eq(photos.entityType, entityType), eq(photos.entityId, entityId)))
    .then(() => undefined);
}
