import type { BloccoOrigine } from '@gestcava/contracts';
import { asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { blocchi, materiali } from '../../db/schema/index.js';
import { senzaLavorazioniAperte } from '../../lib/blocchi-liberi.js';
import { companyScope } from '../../lib/company-table.js';
import { pesoBloccoSql } from '../../lib/peso-blocco.js';
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

/** The net m³ of the bancata's squared blocks (informi count by weight), `bancataId` the caller's column. */
export const volumeNettoSquadratiSql = (bancataId: PgColumn) =>
  sql<number>`(select coalesce(sum(${blocchi.volumeNetto}), 0) from ${blocchi} where ${blocchi.bancataId} = ${bancataId} and ${blocchi.categoria} <> 'informe')`;

/**
 * Totals of a bancata's blocks as JSON, in one correlated subquery (uses the bancata_id index): the
 * squared ones, and the informi apart (docs/domain.md: informi count by weight). Weights by the one
 * rule, per block. `bancataId` is the caller's column.
 */
export function totaliBlocchiBancataSql(bancataId: PgColumn) {
  const peso = pesoBloccoSql(blocchi);
  const squadrato = sql`${blocchi.categoria} <> 'informe'`;
  return sql<{
    count: number;
    volumeLordo: number;
    volumeNetto: number;
    pesoT: number;
    informiCount: number;
    informiPesoT: number;
  }>`(
  select json_build_object(
    'count', (count(*) filter (where ${squadrato}))::int,
    'volumeLordo', coalesce(sum(${blocchi.volumeLordo}) filter (where ${squadrato}), 0)::float8,
    'volumeNetto', coalesce(sum(${blocchi.volumeNetto}) filter (where ${squadrato}), 0)::float8,
    'pesoT', coalesce(sum(${peso}) filter (where ${squadrato}), 0)::float8,
    'informiCount', (count(*) filter (where not ${squadrato}))::int,
    'informiPesoT', coalesce(sum(${peso}) filter (where not ${squadrato}), 0)::float8)
  from ${blocchi} where ${blocchi.bancataId} = ${bancataId})`;
}

/** `exists`: the company's block whose id is `id` (an SQL expression of the caller) is of one of `origini`. */
export function bloccoDiOrigineSql(
  companyId: string,
  id: SQL,
  origini: readonly BloccoOrigine[],
): SQL {
  const b = alias(blocchi, 'b');
  return sql`exists (select 1 from ${b} where ${companyScope(b, companyId, sql`${b.id} = ${id}`, inArray(b.origine, [...origini]))})`;
}

/**
 * The receiving company's own row of a block of the sender: the copy it received, or the block it had
 * sent itself; null when it has none (a transfer's bundle or lot names that row, never the sender's).
 */
export async function bloccoInDestinazione(
  db: DbOrTx,
  companyId: string,
  sourceBloccoId: string | null,
): Promise<string | null> {
  if (!sourceBloccoId) return null;
  const [row] = await db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        or(
          eq(blocchi.trasferitoDaId, sourceBloccoId),
          sql`${blocchi.id} = (select b.trasferito_da_id from ${blocchi} b where b.id = ${sourceBloccoId})`,
        ),
      ),
    )
    .orderBy(desc(blocchi.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The company's oldest `disponibile` blocks of an origine that no open job waits for (demo data). */
export function bloccoIdsLiberi(db: Db, companyId: string, origine: BloccoOrigine, limit: number) {
  return db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        eq(blocchi.origine, origine),
        eq(blocchi.stato, 'disponibile'),
        senzaLavorazioniAperte(db),
      ),
    )
    .orderBy(asc(blocchi.createdAt), asc(blocchi.id))
    .limit(limit);
}

/** A block's net measures (cm), undefined when the company has no such block. */
export async function misureNetteBlocco(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
    })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id)));
  return row;
}
