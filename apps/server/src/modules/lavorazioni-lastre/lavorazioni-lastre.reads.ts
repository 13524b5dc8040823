import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { lavorazioniLastre } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';

// What other modules may read of the sawings, as plain reads (docs/architecture.md "Reading another
// module's rows"): they never name the sawings' table themselves.

/** The code of the sawing `id` of the company `companyId` (null when none), as a scalar subquery. */
export const codiceLavorazioneLastreSql = (id: SQLWrapper, companyId: string | SQLWrapper) =>
  sql<
    string | null
  >`(select ${outer(lavorazioniLastre.codice)} from ${lavorazioniLastre} where ${companyScope(lavorazioniLastre, companyId, eq(lavorazioniLastre.id, id))})`;
