import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { blocchi, materiali } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';

// What other modules may read of the blocks, as plain reads (docs/architecture.md "Module pattern"):
// they never name the blocks' table themselves.

/** Blocks `venduto` to the cliente, with their net measures and material (`ids` narrows them). */
export function blocchiVenduti(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids?: readonly string[],
) {
  return db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      scelta: blocchi.scelta,
      lunghezza: blocchi.lunghezzaNetta,
      altezza: blocchi.altezzaNetta,
      profondita: blocchi.profonditaNetta,
      volumeLordo: blocchi.volumeLordo,
      volumeNetto: blocchi.volumeNetto,
      pesoPesa: blocchi.pesoPesa,
      materiale: materiali.nome,
      densita: materiali.densita,
    })
    .from(blocchi)
    .innerJoin(materiali, eq(materiali.id, blocchi.materialeId))
    .where(
      companyScope(
        blocchi,
        companyId,
        eq(blocchi.stato, 'venduto'),
        eq(blocchi.clienteId, clienteId),
        ids ? inArray(blocchi.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(blocchi.codice));
}
export type BloccoVendutoRow = Awaited<ReturnType<typeof blocchiVenduti>>[number];

/** A block's code in the company, whatever its state, or undefined when it is not there. */
export async function codiceBlocco(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ codice: blocchi.codice })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id)));
  return row?.codice;
}

/** `select id` of the company's blocks from the cava, for an `in (…)` of a cross-type list. */
export const bloccoIdsInCava = (companyId: string, cavaId: string): SQL =>
  sql`select ${blocchi.id} from ${blocchi} where ${companyScope(blocchi, companyId, eq(blocchi.cavaId, cavaId))}`;

/** The `origine` of the block whose id is `id` (null when it is none), as a scalar subquery. */
export const origineBloccoSql = (id: PgColumn) =>
  sql<
    string | null
  >`(select ${outer(blocchi.origine)} from ${blocchi} where ${outer(blocchi.id)} = ${outer(id)})`;
