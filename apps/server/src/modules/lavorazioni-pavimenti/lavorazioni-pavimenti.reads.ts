import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** The states in which a tile cut still waits for its block, or works on it. */
const PAVIMENTI_APERTA = ['pianificata', 'in_lavorazione'];

/** `select codice, stato` of the company's open tile cuts of the block (raw SQL, e.g. a union's branch). */
export const pavimentiApertiDelBloccoSql = (companyId: string, bloccoId: string): SQL =>
  sql`select ${lavorazioniPavimenti.codice} as codice, ${lavorazioniPavimenti.stato} as stato from ${lavorazioniPavimenti}
    where ${companyScope(lavorazioniPavimenti, companyId, eq(lavorazioniPavimenti.bloccoId, bloccoId), inArray(lavorazioniPavimenti.stato, PAVIMENTI_APERTA))}`;

/**
 * `exists`: an open tile cut of the company uses the block whose id is `bloccoId`; both are the caller's
 * outer columns (`outer(blocchi.id)`, `outer(blocchi.companyId)`) or values. What "a block with an open
 * tile cut" means, for the blocks' pickers and the demo's free blocks.
 */
export const pavimentiApertiSuSql = (bloccoId: SQLWrapper, companyId: string | SQLWrapper): SQL =>
  sql`exists (select 1 from ${lavorazioniPavimenti} where ${companyScope(lavorazioniPavimenti, companyId, eq(lavorazioniPavimenti.bloccoId, bloccoId), inArray(lavorazioniPavimenti.stato, PAVIMENTI_APERTA))})`;
