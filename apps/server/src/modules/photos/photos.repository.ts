import { desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Segno } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { companies, photos, users } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { cappedCount, rowsOf } from '../../lib/pagination.js';
import { matchesStoredSearch } from '../../lib/search.js';
import { attachmentKeys, attachmentKeysAmong } from '../chat/chat.reads.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = typeof photos.$inferInsert;
export type PhotoWithUser = PhotoRow & { userName: string | null };

function withUser(db: DbOrTx) {
  return db
    .select({
      photo: photos,
      userName: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${photos.userId})`,
    })
    .from(photos);
}

const flatten = (r: { photo: PhotoRow; userName: string | null }): PhotoWithUser => ({
  ...r.photo,
  userName: r.userName,
});

export async function findInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<PhotoWithUser | undefined> {
  const [row] = await withUser(db)
    .where(companyScope(photos, companyId, eq(photos.id, id)))
    .limit(1);
  return row && flatten(row);
}

export async function listForEntity(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  entityId: string,
) {
  const rows = await withUser(db)
    .where(
      companyScope(
        photos,
        companyId,
        eq(photos.entityType, entityType),
        eq(photos.entityId, entityId),
      ),
    )
    .orderBy(desc(photos.createdAt), desc(photos.id));
  return rows.map(flatten);
}

export interface GalleryFilter {
  /** The entity types the user may see, each with all its ids or a subquery of them; undefined: every photo. */
  readable?: Array<{ entityType: string; ids: 'all' | SQL }>;
  entityType?: string;
  /** The chosen quarry's entities, per type, as subqueries of ids. */
  inCava?: Array<{ entityType: string; ids: SQL }>;
  searchTerm?: string;
  page: number;
  limit: number;
}

const ofType = (entityType: string, ids: 'all' | SQL) =>
  ids === 'all'
    ? eq(photos.entityType, entityType)
    : sql`(${photos.entityType} = ${entityType} and ${photos.entityId} in (${ids}))`;

/** A gallery page of the company's photos, newest first. */
export async function page(db: DbOrTx, companyId: string, f: GalleryFilter) {
  const where = companyScope(
    photos,
    companyId,
    f.readable &&
      (f.readable.length ? or(...f.readable.map((r) => ofType(r.entityType, r.ids))) : sql`false`),
    f.entityType ? eq(photos.entityType, f.entityType) : undefined,
    f.inCava ? or(...f.inCava.map((c) => ofType(c.entityType, c.ids))) : undefined,
    // `codice` is the entity's code, kept current when it changes (entity registry `onCodiceChange`), so one trigram index serves the search.
    f.searchTerm ? matchesStoredSearch(photos.searchText, f.searchTerm) : undefined,
  );
  // The page's ids first: rows skipped by the offset cost an index entry, not a user lookup.
  const ids = db
    .select({ id: photos.id })
    .from(photos)
    .where(where)
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const rows = await withUser(db)
    .where(inArray(photos.id, ids))
    .orderBy(desc(photos.createdAt), desc(photos.id));
  const counted = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`select 1 from ${photos} where ${where}`)} as n`,
  );
  return { rows: rows.map(flatten), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

export function insertMany(db: DbOrTx, rows: NewPhotoRow[]) {
  return db.insert(photos).values(rows).returning();
}

export function deleteOne(db: DbOrTx, companyId: string, id: string) {
  return db
    .delete(photos)
    .where(companyScope(photos, companyId, eq(photos.id, id)))
    .returning()
    .then((r) => r[0]);
}

export function deleteForEntity(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  entityId: string,
) {
  return db
    .delete(photos)
    .where(
      companyScope(
        photos,
        companyId,
        eq(photos.entityType, entityType),
        eq(photos.entityId, entityId),
      ),
    )
    .returning();
}

/** Keyset batches over every photo, for the filesystem sync. */
export function batchAfter(db: DbOrTx, afterId: string | null, size: number) {
  return db
    .select({
      id: photos.id,
      originalKey: photos.originalKey,
      previewKey: photos.previewKey,
      thumbnailKey: photos.thumbnailKey,
      fileMissing: photos.fileMissing,
    })
    .from(photos)
    .where(afterId ? gt(photos.id, afterId) : undefined)
    .orderBy(photos.id)
    .limit(size);
}

export function setFileMissing(db: DbOrTx, ids: string[], missing: boolean) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .update(photos)
    .set({ fileMissing: missing })
    .where(inArray(photos.id, ids))
    .then(() => undefined);
}

/** The keys among `keys` that a row owns: a photo, a company logo or a chat attachment. */
export async function ownedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [photoRows, logos, attachments] = await Promise.all([
    db
      .select({ a: photos.originalKey, b: photos.previewKey, c: photos.thumbnailKey })
      .from(photos)
      .where(
        or(
          inArray(photos.originalKey, keys),
          inArray(photos.previewKey, keys),
          inArray(photos.thumbnailKey, keys),
        ),
      ),
    db.select({ a: companies.logoKey }).from(companies).where(inArray(companies.logoKey, keys)),
    attachmentKeysAmong(db, keys),
  ]);
  return new Set(
    [...photoRows, ...logos, ...attachments].flatMap((r) =>
      Object.values(r).filter((k): k is string => Boolean(k)),
    ),
  );
}

/** Storage keys other tables own (company logos, chat attachments): not orphans. */
export async function otherOwnedKeys(db: DbOrTx): Promise<string[]> {
  const [logos, attachments] = await Promise.all([
    db.select({ key: companies.logoKey }).from(companies),
    attachmentKeys(db),
  ]);
  // an image attachment's thumbnail is owned as much as the image
  return [...logos, ...attachments].flatMap((x) =>
    Object.values(x).filter((k): k is string => Boolean(k)),
  );
}

export function countAll(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .then((r) => r[0]?.n ?? 0);
}

/** An entity's code changed: its photos are found by the new one (the gallery searches `codice`). */
export function renameCodice(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  entityId: string,
  codice: string,
) {
  return db
    .update(photos)
    .set({ codice })
    .where(
      companyScope(
        photos,
        companyId,
        eq(photos.entityType, entityType),
        eq(photos.entityId, entityId),
      ),
    )
    .then(() => undefined);
}

/** Replaces the marks of one photo of the company; undefined when there is no such photo. */
export function updateSegni(db: DbOrTx, companyId: string, id: string, segni: Segno[]) {
  return db
    .update(photos)
    .set({ segni })
    .where(companyScope(photos, companyId, eq(photos.id, id)))
    .returning({
      id: photos.id,
      segni: photos.segni,
      entityType: photos.entityType,
      entityId: photos.entityId,
      fileName: photos.fileName,
    })
    .then((r) => r[0]);
}

/** The marks of some of the company's photos, by id (ids of other companies are left out). */
export function segniOf(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: photos.id, segni: photos.segni })
    .from(photos)
    .where(companyScope(photos, companyId, inArray(photos.id, ids)));
}
