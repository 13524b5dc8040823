import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { photos } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';

// What other modules may read of the photos (docs/architecture.md "Module pattern").

/** The photos a verbale prints: each block's own and the collaudo's tagged with it, newest first. */
export function thumbnailsForVerbale(
  db: DbOrTx,
  companyId: string,
  collaudoId: string,
  bloccoIds: readonly string[],
) {
  if (bloccoIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      bloccoId: sql<string>`coalesce(${photos.bloccoId}, ${photos.entityId})`,
      key: photos.thumbnailKey,
      segni: photos.segni,
    })
    .from(photos)
    .where(
      companyScope(
        photos,
        companyId,
        eq(photos.fileMissing, false),
        or(
          and(eq(photos.entityType, 'blocco'), inArray(photos.entityId, [...bloccoIds])),
          and(
            eq(photos.entityType, 'collaudo'),
            eq(photos.entityId, collaudoId),
            inArray(photos.bloccoId, [...bloccoIds]),
          ),
        ),
      ),
    )
    .orderBy(desc(photos.createdAt));
}

/** The photos of the company's blocks among `bloccoIds` whose file is there, oldest first (a shared link's page). */
export function fotoDiBlocchi(db: DbOrTx, companyId: string, bloccoIds: readonly string[]) {
  if (bloccoIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: photos.id,
      entityId: photos.entityId,
      width: photos.width,
      height: photos.height,
      segni: photos.segni,
      previewKey: photos.previewKey,
    })
    .from(photos)
    .where(
      companyScope(
        photos,
        companyId,
        eq(photos.entityType, 'blocco'),
        inArray(photos.entityId, [...bloccoIds]),
        eq(photos.fileMissing, false),
      ),
    )
    .orderBy(asc(photos.createdAt), asc(photos.id));
}
