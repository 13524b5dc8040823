import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { lavorazioniPavimenti } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';

// What other modules may read of the tile cuts, as plain reads (docs/architecture.md "Reading another
// module's rows"): they never name the tile cuts' table themselves.

/** The code of the tile cut `id` of the company `companyId` (null when none), as a scalar subquery. */
export const codiceLavorazionePavimentiSql = (id: SQLWrapper, companyId: string | SQLWrapper) =>
  sql<
    string | null
  >`(select ${outer(lavorazioniPavimenti.codice)} from ${lavorazioniPavimenti} where ${companyScope(lavorazioniPavimenti, companyId, eq(lavorazioniPavimenti.id, id))})`;
