import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { lavorazioniLastre } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';

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

/** `exists`: an open sawing uses the block whose id is `bloccoId` (the caller's outer column). */
export const segagioneApertaSuSql = (bloccoId: SQL | PgColumn): SQL =>
  sql`exists (select 1 from ${lavorazioniLastre} where ${lavorazioniLastre.bloccoId} = ${bloccoId} and ${inArray(lavorazioniLastre.stato, SEGAGIONE_APERTA)})`;
