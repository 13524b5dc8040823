import { desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { bancate, materiali } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';
import type { DbOrTx } from '../../db/client.js';
import type { PgColumn } from 'drizzle-orm/pg-core';

// What other modules may read of the bancate, as plain reads (docs/architecture.md "Reading another
// module's rows"): they never name the bancate's table themselves.

/** The code of the bancata `id` of the company `companyId` (null when none), as a scalar subquery. */
export const codiceBancataSql = (id: SQLWrapper, companyId: string | SQLWrapper) =>
  sql<
    string | null
  >`(select ${outer(bancate.codice)} from ${bancate} where ${companyScope(bancate, companyId, eq(bancate.id, id))})`;

/** The company's latest `limit` bancate, with their material's name (demo photos). */
export function ultimeBancate(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select({
      id: bancate.id,
      codice: bancate.codice,
      materiale: sql<string>`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${bancate.materialeId})`,
    })
    .from(bancate)
    .where(companyScope(bancate, companyId))
    .orderBy(desc(bancate.createdAt))
    .limit(limit);
}

/** The bancata whose id is `id` (the caller's column) as `{ _id, codice }` JSON, a scalar subquery. */
export const bancataRefJsonSql = (id: PgColumn): SQL =>
  sql`(select json_build_object('_id', ${bancate.id}, 'codice', ${bancate.codice}) from ${bancate} where ${bancate.id} = ${id})`;
