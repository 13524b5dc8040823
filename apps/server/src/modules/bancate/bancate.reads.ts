import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { bancate } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';

// What other modules may read of the bancate, as plain reads (docs/architecture.md "Reading another
// module's rows"): they never name the bancate's table themselves.

/** The code of the bancata `id` of the company `companyId` (null when none), as a scalar subquery. */
export const codiceBancataSql = (id: SQLWrapper, companyId: string | SQLWrapper) =>
  sql<
    string | null
  >`(select ${outer(bancate.codice)} from ${bancate} where ${companyScope(bancate, companyId, eq(bancate.id, id))})`;
