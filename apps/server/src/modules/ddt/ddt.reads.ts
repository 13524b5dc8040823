import { asc, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { DdtRef } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ddt, ddtRighe } from '../../db/schema/index.js';
import { companyAlias, companyScope } from '../../lib/company-table.js';
import { rowsOf } from '../../lib/pagination.js';
import { paccoHasLastraIn } from '../magazzino/stock.reads.js';

// What other modules may read of the DDTs (docs/architecture.md "Reading another module's rows"): the
// documents an invoice takes and names. The DDT's own writes stay behind the DDT service.

/** Number, year, date, state and receiver of the company's DDTs `ids` (an invoice's checks and messages). */
export function ddtDocsOf(db: DbOrTx, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: ddt.id,
      numero: ddt.numero,
      anno: ddt.anno,
      data: ddt.data,
      stato: ddt.stato,
      clienteId: ddt.clienteId,
    })
    .from(ddt)
    .where(companyScope(ddt, companyId, inArray(ddt.id, [...ids])))
    .orderBy(asc(ddt.anno), asc(ddt.numero));
}

/** The company's emitted DDTs in date and number order (the demo invoices them month by month). */
export function ddtEmessi(db: DbOrTx, companyId: string) {
  return db
    .select({ id: ddt.id, clienteId: ddt.clienteId, data: ddt.data })
    .from(ddt)
    .where(companyScope(ddt, companyId, sql`${ddt.stato} = 'emesso'`))
    .orderBy(asc(ddt.data), asc(ddt.numero));
}

/**
 * The company's DDTs as `(select id, codice)`, the code "12/2026", for a raw statement to join by id
 * (an invoice's list names and searches its DDTs); PostgreSQL inlines it as a plain join.
 */
export const ddtCodiciSql = (companyId: string): SQL =>
  sql`(select ${ddt.id} as id, ${ddt.numero} || '/' || ${ddt.anno} as codice from ${ddt} where ${companyScope(ddt, companyId)})`;

/**
 * The lines of the company's DDTs emitted to the cliente (`ddtIds` narrows them), each with its DDT's
 * number, year, date and cliente, as a raw source `(select …)` to select from by alias (the lines an
 * invoice takes, with their sale figures). PostgreSQL inlines it as the plain join.
 */
export function righeEmesseSql(
  companyId: string,
  clienteId: string,
  ddtIds?: readonly string[],
): SQL {
  const d = companyAlias(ddt, 'd');
  return sql`(select r.id, r.ddt_id, r.posizione, r.entity_type, r.entity_id, r.codice, r.descrizione,
    r.materiale, r.scelta, r.misure, r.pezzi, r.mq, r.m3, r.peso_kg, r.lastra_ids,
    d.numero, d.anno, d.data, d.cliente_id from ${ddtRighe} r join ${d.from} on d.id = r.ddt_id
    where ${d.scope(companyId)} and d.cliente_id = ${clienteId} and d.stato = 'emesso'
    ${
      ddtIds
        ? sql`and d.id in (${sql.join(
            ddtIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    })`;
}

/**
 * `select id` of the lines of the company's DDTs that shipped the tile lot `id` (a sale of it) or the
 * slab `id` (in its bundle or alone), for an `in (…)`: what an invoice line of the sale or the bundle
 * names of them (an item's genealogy).
 */
export function ddtRigheConSql(companyId: string, kind: 'lotto' | 'lastra', id: string): SQL {
  const d = companyAlias(ddt, 'd');
  const contiene = kind === 'lotto' ? sql`dr.lotto_id = ${id}` : sql`${id} = any(dr.lastra_ids)`;
  return sql`select dr.id from ${ddtRighe} dr join ${d.from} on d.id = dr.ddt_id
    where ${d.scope(companyId)} and ${contiene}`;
}

/**
 * A DDT line carried the item `itemId` (a value, or the id column of the statement it is placed in):
 * as itself (a block, a bundle), as a lot's sale, as one of its slabs, or as a slab of the bundle.
 * The one rule of every item page's DDTs.
 */
export const rigaCarries = (itemId: string | Column | SQL): SQL =>
  or(
    eq(ddtRighe.entityId, itemId),
    eq(ddtRighe.lottoId, itemId),
    sql`${itemId}::uuid = any(${ddtRighe.lastraIds})`,
    // a bundle sold slab by slab left with the DDTs of its slabs
    paccoHasLastraIn(itemId, ddtRighe.lastraIds),
  )!;

/**
 * The emitted or cancelled DDTs that carried an item, oldest first, as one JSON array of `DdtRef`
 * (`_id`, `numero`, `anno`, `data`, `stato`). `itemId` and `companyId` are columns of the statement
 * this is placed in, so a page reads its record and the DDTs it left with in one statement
 * (docs/performance.md "One statement where a page had several"), or values (`ddtRefsOfItem`). With
 * columns it binds no value, so a kept statement (lib/shaped-sql.ts) may hold it.
 */
export const ddtRefsJsonSql = (itemId: Column | SQL, companyId: Column | SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object('_id', ${ddt.id}, 'numero', ${ddt.numero}, 'anno', ${ddt.anno},
      'data', ${ddt.data}, 'stato', ${ddt.stato}) order by ${ddt.emessoAt} nulls first, ${ddt.anno}, ${ddt.numero})
    from ${ddt}
    where ${ddt.companyId} = ${companyId} and ${ddt.stato} <> 'bozza'
      and exists (select 1 from ${ddtRighe} where ${ddtRighe.ddtId} = ${ddt.id} and ${rigaCarries(itemId)})), '[]'::json)`;

/** The DDTs that carried the company's item `id` (a bundle, a slab, a lot), oldest first. */
export async function ddtRefsOfItem(db: DbOrTx, companyId: string, id: string): Promise<DdtRef[]> {
  const [row] = rowsOf<{ ddt: DdtRef[] }>(
    await db.execute(
      sql`select ${ddtRefsJsonSql(sql`${id}::uuid`, sql`${companyId}::uuid`)} as ddt`,
    ),
  );
  return row?.ddt ?? [];
}
