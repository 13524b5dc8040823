import type { DdtListQuery } from '@gestcava/contracts';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { outer } from '../../lib/sql.js';
import type { DbOrTx } from '../../db/client.js';
import { clienti, ddt, ddtContatori, ddtRighe, users } from '../../db/schema/index.js';
import { companyTable } from '../../lib/company-table.js';
import { cappedCount, orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { bloccoIdsInCava, origineBloccoSql } from '../blocchi/blocchi.reads.js';
import { collaudoAccettanteSql } from '../collaudi/collaudi.reads.js';
import { lastraCodiceIn } from '../magazzino/stock.reads.js';
import { rigaCarries } from './ddt.reads.js';

export type DdtRow = typeof ddt.$inferSelect;
const rows = companyTable(ddt);
const destinatarioText = sql<string>`${ddt.destinatario}->>'ragioneSociale'`;
export type NewDdt = typeof ddt.$inferInsert;
export type RigaRow = typeof ddtRighe.$inferSelect;
export type NewRiga = Omit<typeof ddtRighe.$inferInsert, 'ddtId' | 'posizione'>;

/* ---------------------------------------------------------------- the DDT */

export function insertDdt(
  tx: DbOrTx,
  companyId: string,
  row: Omit<NewDdt, 'companyId'>,
): Promise<DdtRow> {
  return rows.insert(tx, companyId, row);
}

/** The draft's lines replaced by these (in this order); the new lines as stored. */
export async function replaceRighe(
  tx: DbOrTx,
  ddtId: string,
  righe: NewRiga[],
): Promise<RigaRow[]> {
  await tx.delete(ddtRighe).where(eq(ddtRighe.ddtId, ddtId));
  if (righe.length === 0) return [];
  return tx
    .insert(ddtRighe)
    .values(righe.map((r, i) => ({ ...r, ddtId, posizione: i + 1 })))
    .returning();
}

export async function updateDdt(
  tx: DbOrTx,
  companyId: string,
  id: string,
  set: Partial<NewDdt>,
  stato?: string,
): Promise<DdtRow | undefined> {
  const [row] = await tx
    .update(ddt)
    .set({ ...set, updatedAt: new Date() })
    .where(and(rows.inCompany(companyId, id), stato ? eq(ddt.stato, stato) : undefined))
    .returning();
  return row;
}

export async function deleteBozza(tx: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(ddt)
    .where(and(rows.inCompany(companyId, id), eq(ddt.stato, 'bozza')))
    .returning({ id: ddt.id });
  return deleted.length > 0;
}

const withNames = { ddt, cliente: clienti.ragioneSociale, utente: users.name };
/** A DDT with the names its page shows: its cliente's and its author's. */
export type DdtWithNames = { ddt: DdtRow; cliente: string; utente: string | null };

function selectWithNames(db: DbOrTx, companyId: string, id: string) {
  return db
    .select(withNames)
    .from(ddt)
    .innerJoin(clienti, eq(clienti.id, ddt.clienteId))
    .leftJoin(users, eq(users.id, ddt.createdBy))
    .where(rows.inCompany(companyId, id));
}

/**
 * The DDT locked for a change of state (two emissions of one draft wait for each other), with its
 * names, so that a change reads it once.
 */
export async function lockDdt(
  tx: DbOrTx,
  companyId: string,
  id: string,
): Promise<DdtWithNames | undefined> {
  const [row] = await selectWithNames(tx, companyId, id).for('update', { of: ddt });
  return row;
}

export async function findDdt(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<DdtWithNames | undefined> {
  const [row] = await selectWithNames(db, companyId, id);
  return row;
}

export function righeOf(db: DbOrTx, ddtId: string) {
  return db
    .select()
    .from(ddtRighe)
    .where(eq(ddtRighe.ddtId, ddtId))
    .orderBy(asc(ddtRighe.posizione));
}

/**
 * The company's next DDT number of the year, under the counter row's lock until the transaction ends:
 * a rollback gives the number back, so the series has no gap; the unique index forbids a repeat.
 */
export async function nextNumero(tx: DbOrTx, companyId: string, anno: number): Promise<number> {
  const [row] = await tx
    .insert(ddtContatori)
    .values({ companyId, anno, ultimo: 1 })
    .onConflictDoUpdate({
      target: [ddtContatori.companyId, ddtContatori.anno],
      set: { ultimo: sql`${ddtContatori.ultimo} + 1` },
    })
    .returning({ ultimo: ddtContatori.ultimo });
  return row!.ultimo;
}

/** The emitted or cancelled DDTs that carried an item (a block, a bundle or some of its slabs, a slab on its own or in its bundle, a lot's sale): its page links them. */
export async function ddtOfItem(db: DbOrTx, companyId: string, entityId: string) {
  const found = await db
    .selectDistinct({
      id: ddt.id,
      numero: ddt.numero,
      anno: ddt.anno,
      data: ddt.data,
      destinatario: destinatarioText,
      stato: ddt.stato,
      emessoAt: ddt.emessoAt,
    })
    .from(ddtRighe)
    .innerJoin(ddt, eq(ddt.id, ddtRighe.ddtId))
    .where(rows.scope(companyId, ne(ddt.stato, 'bozza'), rigaCarries(entityId)));
  return found.sort((a, b) => (a.emessoAt?.getTime() ?? 0) - (b.emessoAt?.getTime() ?? 0));
}

/* ---------------------------------------------------------------- the list */

function filterWhere(companyId: string, f: Omit<DdtListQuery, 'page' | 'limit' | 'sort'>): SQL {
  const conditions: Array<SQL | undefined> = [];
  if (f.stato) conditions.push(eq(ddt.stato, f.stato));
  if (f.causale) conditions.push(eq(ddt.causale, f.causale));
  if (f.clienteId) conditions.push(eq(ddt.clienteId, f.clienteId));
  // the period is of the document's date; a draft has none yet and counts on the day it was written
  const giorno = sql`coalesce(${ddt.data}, (${ddt.createdAt} at time zone 'Europe/Rome')::date)`;
  if (f.dal) conditions.push(gte(giorno, f.dal));
  if (f.al) conditions.push(lte(giorno, f.al));
  if (f.q) {
    const numero = /^\s*(\d{1,9})(?:\s*\/\s*(\d{4}))?\s*$/.exec(f.q);
    conditions.push(
      or(
        numero
          ? and(
              eq(ddt.numero, Number(numero[1])),
              numero[2] ? eq(ddt.anno, Number(numero[2])) : undefined,
            )
          : undefined,
        matchesSearch(destinatarioText, f.q),
        sql`exists (select 1 from ${ddtRighe} where ${ddtRighe.ddtId} = ${ddt.id} and ${matchesSearch(ddtRighe.codice, f.q)})`,
        // a slab's code finds the DDT its bundle travelled with
        sql`exists (select 1 from ${ddtRighe} where ${ddtRighe.ddtId} = ${ddt.id} and ${lastraCodiceIn(ddtRighe.lastraIds, f.q)})`,
      ),
    );
  }
  return rows.scope(companyId, ...conditions);
}

const listColumns = {
  ddt,
  // outer(): a one-table select renders its columns bare, and a bare `id` would be the line's own
  righe:
    sql<number>`(select count(*)::int from ${ddtRighe} where ${ddtRighe.ddtId} = ${outer(ddt.id)})`.mapWith(
      Number,
    ),
};

export async function page(db: DbOrTx, companyId: string, query: DdtListQuery & PageOpts) {
  const where = filterWhere(companyId, query);
  const order = orderByOf(
    query.sort,
    { numero: ddt.numero, data: ddt.data, stato: ddt.stato, createdAt: ddt.createdAt },
    desc(ddt.createdAt),
    ddt.id,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(ddt)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: cappedCount(sql`select 1 from ${ddt} where ${where}`) })
      .from(sql`(select 1) as one`),
  ]);
  return { items, counted: counted?.n ?? 0 };
}

/** The filtered list's totals: every DDT counted, the emitted ones' colli and kg summed. */
export async function summary(
  db: DbOrTx,
  companyId: string,
  filter: Omit<DdtListQuery, 'page' | 'limit' | 'sort'>,
) {
  const emesso = sql`${ddt.stato} = 'emesso'`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      emessi: sql<number>`(count(*) filter (where ${emesso}))::int`,
      colli: sql<number>`coalesce(sum(${ddt.colli}) filter (where ${emesso}), 0)::int`,
      pesoKg: sql<number>`coalesce(sum(${ddt.pesoKg}) filter (where ${emesso}), 0)::int`,
    })
    .from(ddt)
    .where(filterWhere(companyId, filter));
  return row!;
}

/** The export's rows, a keyset batch at a time. */
export function exportBatch(
  db: DbOrTx,
  companyId: string,
  filter: Omit<DdtListQuery, 'page' | 'limit'>,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  const keyset = after
    ? sql`(${ddt.createdAt}, ${ddt.id}) < (${after.createdAt}, ${after.id})`
    : undefined;
  return db
    .select(listColumns)
    .from(ddt)
    .where(and(filterWhere(companyId, filter), keyset))
    .orderBy(desc(ddt.createdAt), desc(ddt.id))
    .limit(limit);
}
export type ListRow = Awaited<ReturnType<typeof exportBatch>>[number];

/* ---------------------------------------------------------------- the entity registry */

/** A DDT's code is its number, "12/2026" (`numeroDdt`); a draft has none. */
export const codiceText = sql<
  string | null
>`case when ${ddt.numero} is null then null else ${ddt.numero}::text || '/' || ${ddt.anno}::text end`;

/** The DDT's id and code, by id or by number and year, inside the company. */
export async function findRef(
  db: DbOrTx,
  companyId: string,
  by: { id: string } | { numero: number; anno: number },
) {
  const [row] = await db
    .select({ id: ddt.id, codice: codiceText })
    .from(ddt)
    .where(
      'id' in by
        ? rows.inCompany(companyId, by.id)
        : rows.scope(companyId, eq(ddt.numero, by.numero), eq(ddt.anno, by.anno)),
    );
  return row ?? null;
}

/** DDTs of that number, of the years that begin with `anno` (any year when empty): newest first. */
export function searchRefs(
  db: DbOrTx,
  companyId: string,
  numero: number,
  anno: string,
  limit: number,
) {
  return db
    .select({ id: ddt.id, codice: codiceText })
    .from(ddt)
    .where(
      rows.scope(
        companyId,
        eq(ddt.numero, numero),
        anno ? sql`${ddt.anno}::text like ${`${anno}%`}` : undefined,
      ),
    )
    .orderBy(desc(ddt.anno))
    .limit(limit);
}

/** What a card or a code lookup says of DDTs. */
export async function summaries(db: DbOrTx, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: ddt.id,
      codice: codiceText,
      stato: ddt.stato,
      data: ddt.data,
      destinatario: destinatarioText,
      colli: ddt.colli,
      pesoKg: ddt.pesoKg,
    })
    .from(ddt)
    .where(rows.scope(companyId, inArray(ddt.id, [...ids])));
}

/** The DDTs whose blocks come from the cava (the cross-type lists' cava filter). */
export function idsInCava(companyId: string, cavaId: string): SQL {
  return sql`select ${ddtRighe.ddtId} from ${ddtRighe} where ${ddtRighe.entityType} = 'blocco' and ${ddtRighe.entityId} in (${bloccoIdsInCava(companyId, cavaId)})`;
}

/** The DDT's lines with what their pages need (a block's origine picks its page), and its receiver. */
export async function genealogyOf(db: DbOrTx, companyId: string, id: string) {
  const [head] = await db
    .select({ clienteId: ddt.clienteId, destinatario: destinatarioText })
    .from(ddt)
    .where(rows.inCompany(companyId, id));
  if (!head) return null;
  // a block's sale: the last confirmed collaudo that accepted it (blocco → collaudo → DDT → cliente)
  const righe = await db
    .select({
      entityType: ddtRighe.entityType,
      entityId: ddtRighe.entityId,
      lottoId: ddtRighe.lottoId,
      codice: ddtRighe.codice,
      origine: origineBloccoSql(ddtRighe.entityId),
      collaudoId: collaudoAccettanteSql(ddtRighe.entityId, 'id'),
      collaudoCodice: collaudoAccettanteSql(ddtRighe.entityId, 'codice'),
    })
    .from(ddtRighe)
    .where(eq(ddtRighe.ddtId, id))
    .orderBy(asc(ddtRighe.posizione));
  return { ...head, righe };
}
