import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ddt, ddtRighe } from '../../db/schema/index.js';
import { companyAlias, companyScope } from '../../lib/company-table.js';

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
