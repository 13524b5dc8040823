import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { collaudi, collaudoRighe } from '../../db/schema/index.js';
import { companyAlias, companyScope } from '../../lib/company-table.js';
import { outer } from '../../lib/sql.js';

// What other modules may read of the collaudi (docs/architecture.md "Module pattern"): a sold block's
// accepted row, the one a DDT line prints and a genealogy names.

const accettata = and(
  eq(collaudi.stato, 'confermato'),
  inArray(collaudoRighe.esito, ['accettato', 'accettato_con_riserva']),
);

/**
 * Of each block, the row of the last confirmed collaudo that accepted it: its measures, abbuono,
 * accepted m³ and weighbridge reading (a block never accepted has none).
 */
export async function righeAccettate(db: DbOrTx, companyId: string, bloccoIds: readonly string[]) {
  if (bloccoIds.length === 0) return new Map<string, RigaAccettata>();
  const rows = await db
    .selectDistinctOn([collaudoRighe.bloccoId], {
      bloccoId: collaudoRighe.bloccoId,
      rigaId: collaudoRighe.id,
      lunghezzaRilevata: collaudoRighe.lunghezzaRilevata,
      altezzaRilevata: collaudoRighe.altezzaRilevata,
      profonditaRilevata: collaudoRighe.profonditaRilevata,
      abbuonoTipo: collaudoRighe.abbuonoTipo,
      abbuonoValore: collaudoRighe.abbuonoValore,
      volumeNettoAccettato: collaudoRighe.volumeNettoAccettato,
      pesoRilevato: collaudoRighe.pesoRilevato,
    })
    .from(collaudoRighe)
    .innerJoin(collaudi, eq(collaudi.id, collaudoRighe.collaudoId))
    .where(
      companyScope(collaudi, companyId, inArray(collaudoRighe.bloccoId, [...bloccoIds]), accettata),
    )
    .orderBy(collaudoRighe.bloccoId, desc(collaudi.data), desc(collaudi.createdAt));
  return new Map(rows.map(({ bloccoId, ...riga }) => [bloccoId, riga]));
}
export interface RigaAccettata {
  rigaId: string;
  lunghezzaRilevata: number | null;
  altezzaRilevata: number | null;
  profonditaRilevata: number | null;
  abbuonoTipo: string | null;
  abbuonoValore: number | null;
  volumeNettoAccettato: number | null;
  pesoRilevato: number | null;
}

/**
 * The id or code of the last confirmed collaudo that accepted the block `bloccoId`, as a scalar
 * subquery. Every column is named with its table (`outer`): a one-table select renders its own bare.
 */
export const collaudoAccettanteSql = (bloccoId: PgColumn, column: 'id' | 'codice') =>
  sql<string | null>`(select ${outer(column === 'id' ? collaudi.id : collaudi.codice)}
    from ${collaudoRighe} inner join ${collaudi} on ${outer(collaudi.id)} = ${outer(collaudoRighe.collaudoId)}
    where ${outer(collaudoRighe.bloccoId)} = ${outer(bloccoId)} and ${outer(collaudi.stato)} = 'confermato'
    and ${outer(collaudoRighe.esito)} in ('accettato', 'accettato_con_riserva')
    order by ${outer(collaudi.data)} desc limit 1)`;

/** The company's confirmed collaudi, oldest first, with the blocks each took (the demo ships them). */
export async function collaudiConfermati(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({
      id: collaudi.id,
      codice: collaudi.codice,
      data: collaudi.data,
      clienteId: collaudi.clienteId,
      resa: collaudi.resa,
      bloccoIds: sql<
        string[]
      >`coalesce((select array_agg(${outer(collaudoRighe.bloccoId)}) from ${collaudoRighe} where ${outer(collaudoRighe.collaudoId)} = ${outer(collaudi.id)}), '{}')`,
    })
    .from(collaudi)
    .where(companyScope(collaudi, companyId, eq(collaudi.stato, 'confermato')))
    .orderBy(asc(collaudi.data), asc(collaudi.id));
  return rows;
}

/**
 * The sale of the block `bloccoId` to the cliente `clienteId` (SQL expressions of the caller's row)
 * by the company's last confirmed collaudo that accepted it, as a raw `select` for a lateral join (an
 * invoice's DDT line): `codice` of the collaudo, the row's `unita_prezzo`, `volume_netto_accettato`,
 * `peso`, `prezzo`, `abbuono_tipo` and `abbuono_valore`, at most one row.
 */
export function venditaACollaudoSql(companyId: string, bloccoId: SQL, clienteId: SQL): SQL {
  const c = companyAlias(collaudi, 'c');
  return sql`select c.codice, x.unita_prezzo, x.volume_netto_accettato, x.peso, x.prezzo, x.abbuono_tipo, x.abbuono_valore
    from ${collaudoRighe} x join ${c.from} on c.id = x.collaudo_id
    where ${c.scope(companyId)} and x.blocco_id = ${bloccoId} and c.stato = 'confermato'
      and c.cliente_id = ${clienteId} and x.esito in ('accettato', 'accettato_con_riserva')
    order by c.data desc limit 1`;
}
