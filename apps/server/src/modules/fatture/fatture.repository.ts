import type { FatturaFilter, FatturaListQuery } from '@gestcava/contracts';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  fatture,
  fattureContatori,
  fattureDdtRighe,
  fattureEsiti,
  fattureRighe,
} from '../../db/schema/fatture.js';
import { clienti, users } from '../../db/schema/index.js';
import { companyScope, companyTable } from '../../lib/company-table.js';
import { orderByOf } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { ddtCodiciSql, ddtDocsOf } from '../ddt/ddt.reads.js';

export const rows = companyTable(fatture);
export type FatturaRow = typeof fatture.$inferSelect;
export type RigaRow = typeof fattureRighe.$inferSelect;
export type NewRiga = Omit<typeof fattureRighe.$inferInsert, 'fatturaId'>;
export type EsitoRow = typeof fattureEsiti.$inferSelect;

export const righeOf = (db: DbOrTx, fatturaId: string) =>
  db
    .select()
    .from(fattureRighe)
    .where(eq(fattureRighe.fatturaId, fatturaId))
    .orderBy(asc(fattureRighe.numeroLinea));

export async function replaceRighe(db: DbOrTx, fatturaId: string, righe: readonly NewRiga[]) {
  await db.delete(fattureRighe).where(eq(fattureRighe.fatturaId, fatturaId));
  if (righe.length) await db.insert(fattureRighe).values(righe.map((r) => ({ ...r, fatturaId })));
}

export const esitiOf = (db: DbOrTx, fatturaId: string) =>
  db
    .select()
    .from(fattureEsiti)
    .where(eq(fattureEsiti.fatturaId, fatturaId))
    .orderBy(asc(fattureEsiti.createdAt), asc(fattureEsiti.id));

export const insertEsito = (db: DbOrTx, values: typeof fattureEsiti.$inferInsert) =>
  db.insert(fattureEsiti).values(values);

export async function createdByOf(db: DbOrTx, userId: string | null) {
  if (!userId) return null;
  const [u] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return u ? { _id: u.id, name: u.name } : null;
}

/** The DDTs an invoice's lines come from, by year and number. */
export async function ddtRefsOf(db: DbOrTx, companyId: string, fatturaId: string) {
  const ids = await db
    .selectDistinct({ ddtId: fattureRighe.ddtId })
    .from(fattureRighe)
    .where(and(eq(fattureRighe.fatturaId, fatturaId), isNotNull(fattureRighe.ddtId)));
  const docs = await ddtDocsOf(
    db,
    companyId,
    ids.map((r) => r.ddtId!),
  );
  return docs.map((d) => ({ id: d.id, numero: d.numero!, anno: d.anno!, data: d.data! }));
}

/** The next number of the company's series (per year; `anno` 0 is the file names' progressive), the row locked until commit. */
export async function nextNumero(tx: DbOrTx, companyId: string, anno: number): Promise<number> {
  const [row] = await tx
    .insert(fattureContatori)
    .values({ companyId, anno, ultimo: 1 })
    .onConflictDoUpdate({
      target: [fattureContatori.companyId, fattureContatori.anno],
      set: { ultimo: sql`${fattureContatori.ultimo} + 1` },
    })
    .returning({ ultimo: fattureContatori.ultimo });
  return row!.ultimo;
}

/** The emitted invoice of the year with the highest number below `numero` (the register's last before it). */
export async function precedente(tx: DbOrTx, companyId: string, anno: number, numero: number) {
  const [row] = await tx
    .select({ numero: fatture.numero, data: fatture.data })
    .from(fatture)
    .where(
      companyScope(fatture, companyId, eq(fatture.anno, anno), sql`${fatture.numero} < ${numero}`),
    )
    .orderBy(desc(fatture.numero))
    .limit(1);
  return row;
}

/** Marks the DDT lines invoiced by this invoice; a line already marked fails on the primary key. */
export async function marcaRigheDdt(tx: DbOrTx, fatturaId: string, ddtRigaIds: readonly string[]) {
  if (ddtRigaIds.length)
    await tx
      .insert(fattureDdtRighe)
      .values(ddtRigaIds.map((ddtRigaId) => ({ ddtRigaId, fatturaId })));
}

/** Of these DDT lines, those already invoiced. */
export async function giaFatturate(db: DbOrTx, ddtRigaIds: readonly string[]) {
  if (!ddtRigaIds.length) return [];
  return db
    .select({ ddtRigaId: fattureDdtRighe.ddtRigaId })
    .from(fattureDdtRighe)
    .where(inArray(fattureDdtRighe.ddtRigaId, [...ddtRigaIds]));
}

/* ------------------------------------------------------------------ the list */

const fid = outer(fatture.id);
const ddtText = (companyId: string) =>
  sql<string>`coalesce((select string_agg(distinct d.codice, ', ') from ${fattureRighe} r join ${ddtCodiciSql(companyId)} d on d.id = r.ddt_id where r.fattura_id = ${fid}), '')`;
const numeroText = sql<string>`(${fatture.numero} || '/' || ${fatture.anno})`;

export function filterWhere(companyId: string, filter: FatturaFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    filter.tipoDocumento ? eq(fatture.tipoDocumento, filter.tipoDocumento) : undefined,
    filter.stato ? eq(fatture.stato, filter.stato) : undefined,
    filter.esito ? eq(fatture.esito, filter.esito) : undefined,
    filter.clienteId ? eq(fatture.clienteId, filter.clienteId) : undefined,
    filter.dal ? gte(fatture.data, filter.dal) : undefined,
    filter.al ? lte(fatture.data, filter.al) : undefined,
    filter.ddtId
      ? sql`exists (select 1 from ${fattureRighe} r where r.fattura_id = ${fid} and r.ddt_id = ${filter.ddtId})`
      : undefined,
    filter.elementoId
      ? sql`exists (select 1 from ${fattureRighe} r where r.fattura_id = ${fid} and r.entity_id = ${filter.elementoId})`
      : undefined,
    filter.q
      ? or(
          matchesSearch(numeroText, filter.q),
          matchesSearch(sql`${fatture.cessionario}->>'ragioneSociale'`, filter.q),
          sql`exists (select 1 from ${fattureRighe} r join ${ddtCodiciSql(companyId)} d on d.id = r.ddt_id where r.fattura_id = ${fid} and d.codice ilike ${`%${filter.q.replace(/^ddt\s*/i, '').replace(/[%_\\]/g, '\\$&')}%`})`,
        )
      : undefined,
  ];
  return and(...conds.filter((c): c is SQL => Boolean(c)));
}

const ORDER = {
  numero: sql`(${fatture.anno} * 1000000 + ${fatture.numero})`,
  data: fatture.data,
  totale: fatture.totale,
  createdAt: fatture.createdAt,
};

export async function page(db: DbOrTx, companyId: string, query: FatturaListQuery) {
  const order = orderByOf(query.sort, ORDER, desc(fatture.createdAt), fatture.id);
  const result = await rows.page(db, companyId, {
    where: filterWhere(companyId, query),
    order,
    page: query.page,
    limit: query.limit,
  });
  return { items: await withDdtText(db, companyId, result.items), counted: result.counted };
}

export async function withDdtText(db: DbOrTx, companyId: string, items: FatturaRow[]) {
  if (!items.length) return [];
  const texts = await db
    .select({ id: fatture.id, ddt: ddtText(companyId) })
    .from(fatture)
    .where(
      inArray(
        fatture.id,
        items.map((i) => i.id),
      ),
    );
  const byId = new Map(texts.map((t) => [t.id, t.ddt]));
  return items.map((row) => ({ row, ddt: byId.get(row.id) ?? '' }));
}

export async function summary(db: DbOrTx, companyId: string, filter: FatturaFilter) {
  const sign = sql`case when ${fatture.tipoDocumento} = 'TD04' then -1 else 1 end`;
  const emessa = sql`${fatture.stato} = 'emessa'`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      emesse: sql<number>`(count(*) filter (where ${emessa}))::int`,
      imponibile: sql<number>`coalesce(sum(${sign} * ${fatture.imponibile}) filter (where ${emessa}), 0)::float8`,
      imposta: sql<number>`coalesce(sum(${sign} * ${fatture.imposta}) filter (where ${emessa}), 0)::float8`,
      totale: sql<number>`coalesce(sum(${sign} * ${fatture.totale}) filter (where ${emessa}), 0)::float8`,
    })
    .from(fatture)
    .where(companyScope(fatture, companyId, filterWhere(companyId, filter)));
  return row!;
}

/** The emitted invoices of a period, for the accountant's ZIP. */
export function emesseDelPeriodo(db: DbOrTx, companyId: string, dal: string, al: string) {
  return db
    .select()
    .from(fatture)
    .where(
      companyScope(
        fatture,
        companyId,
        eq(fatture.stato, 'emessa'),
        gte(fatture.data, dal),
        lte(fatture.data, al),
      ),
    )
    .orderBy(asc(fatture.anno), asc(fatture.numero));
}

export async function clienteOf(db: DbOrTx, companyId: string, id: string) {
  const [c] = await db
    .select()
    .from(clienti)
    .where(companyScope(clienti, companyId, eq(clienti.id, id)));
  return c;
}

/** The invoice of this company whose code is "12/2026". */
export async function findByNumero(db: DbOrTx, companyId: string, numero: number, anno: number) {
  const [row] = await db
    .select()
    .from(fatture)
    .where(companyScope(fatture, companyId, eq(fatture.numero, numero), eq(fatture.anno, anno)));
  return row;
}

export async function deleteBozza(db: DbOrTx, companyId: string, id: string) {
  await db
    .delete(fatture)
    .where(companyScope(fatture, companyId, eq(fatture.id, id), eq(fatture.stato, 'bozza')));
}

/** Frees the DDT lines of an invoice sent back to draft (a correction marks them again at emission). */
export async function smarcaRigheDdt(db: DbOrTx, fatturaId: string) {
  await db.delete(fattureDdtRighe).where(eq(fattureDdtRighe.fatturaId, fatturaId));
}
