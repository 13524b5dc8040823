import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** The states in which a sawing still waits for its block, or works on it. */
const SEGAGIONE_APERTA = ['pianificata', 'in_segagione'];

/** `select codice, stato` of the company's open sawings of the block (raw SQL, e.g. a union's branch). */
export const segagioniAperteDelBloccoSql = (companyId: string, bloccoId: string): SQL =>
  sql`select ${lavorazioniLastre.codice} as codice, ${lavorazioniLastre.stato} as stato from ${lavorazioniLastre}
    where ${companyScope(lavorazioniLastre, companyId, eq(lavorazioniLastre.bloccoId, bloccoId), inArray(lavorazioniLastre.stato, SEGAGIONE_APERTA))}`;

/**
 * `exists`: an open sawing of the company uses the block whose id is `bloccoId`; both are the caller's
 * outer columns (`outer(blocchi.id)`, `outer(blocchi.companyId)`) or values. What "a block with an open
 * sawing" means, for the blocks' pickers and the demo's free blocks.
 */
export const segagioneApertaSuSql = (bloccoId: SQLWrapper, companyId: string | SQLWrapper): SQL =>
  sql`exists (select 1 from ${lavorazioniLastre} where ${companyScope(lavorazioniLastre, companyId, eq(lavorazioniLastre.bloccoId, bloccoId), inArray(lavorazioniLastre.stato, SEGAGIONE_APERTA))})`;
