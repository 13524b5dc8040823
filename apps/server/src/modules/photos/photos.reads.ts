import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { photos } from '../../db/schema/index.js';

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
      and(
        eq(photos.companyId, companyId),
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
