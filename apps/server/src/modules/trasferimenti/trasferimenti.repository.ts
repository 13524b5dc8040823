import type { TrasferimentoListQuery } from '@gestcava/contracts';
import { and, asc, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  trasferimenti,
  trasferimentiRighe,
  ubicazioni,
  users,
} from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoDiOrigineSql, origineBloccoSql } from '../blocchi/blocchi.reads.js';
import { cappedCount, rowsOf, type PageOpts } from '../../lib/pagination.js';

// Transfers between group companies: each one is seen by its two companies, the source and the destination.

export async function insertTrasferimento(tx: DbOrTx, values: typeof trasferimenti.$inferInsert) {
  const [row] = await tx.insert(trasferimenti).values(values).returning();
  return row!;
}

export async function insertRighe(tx: DbOrTx, rows: Array<typeof trasferimentiRighe.$inferInsert>) {
  if (rows.length) await tx.insert(trasferimentiRighe).values(rows);
}

/** A list's filters, or one transfer by id. */
export type TrasferimentoQuery =
  TrasferimentoListQuery | { page: number; limit: number; id: string };

function visibleTo(companyId: string, q: TrasferimentoQuery): SQL {
  const both = or(
    companyScope(trasferimenti, companyId),
    eq(trasferimenti.destinazioneCompanyId, companyId),
  )!;
  if ('id' in q) return and(both, eq(trasferimenti.id, q.id))!;
  const f = q;
  const side =
    f.direzione === 'uscita'
      ? companyScope(trasferimenti, companyId)
      : f.direzione === 'entrata'
        ? eq(trasferimenti.destinazioneCompanyId, companyId)
        : both;
  // an item id names the caller's row: the source row on its way out, the new row on its way in
  const item = f.itemId
    ? sql`exists (select 1 from ${trasferimentiRighe} r where r.trasferimento_id = ${trasferimenti.id} and ((r.origine_id = ${f.itemId} and ${companyScope(trasferimenti, companyId)}) or (r.destinazione_id = ${f.itemId} and ${trasferimenti.destinazioneCompanyId} = ${companyId})))`
    : undefined;
  return and(
    side,
    item,
    f.dal
      ? gte(trasferimenti.createdAt, sql`(${f.dal}::date)::timestamp at time zone 'Europe/Rome'`)
      : undefined,
    f.al
      ? lt(trasferimenti.createdAt, sql`(${f.al}::date + 1)::timestamp at time zone 'Europe/Rome'`)
      : undefined,
  )!;
}

const destinazione = alias(companies, 'destinazione');

/** The kinds of item a transfer's row can be, each on its own page: own or bought-in blocks, bundles, lots. */
const RIGA_KINDS = ['interno', 'esterno', 'pacco', 'lotto'] as const;
export type RigaKind = (typeof RIGA_KINDS)[number];

/**
 * Only transfers with at least one row of a kind the user may read: a slabs-only clerk does not see a
 * transfer of lots. A block's kind is that of the caller's row (the source's going out, the copy coming in).
 */
function withReadableRow(companyId: string, readable: readonly RigaKind[]): SQL | undefined {
  if (RIGA_KINDS.every((k) => readable.includes(k))) return undefined;
  if (readable.length === 0) return sql`false`;
  const tipi = readable.filter((k) => k === 'pacco' || k === 'lotto');
  const origini = readable.filter(
    (k): k is 'interno' | 'esterno' => k === 'interno' || k === 'esterno',
  );
  const tipo = tipi.length
    ? sql`r.tipo in (${sql.join(
        tipi.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql`false`;
  const blocco = origini.length
    ? sql`(r.tipo = 'blocco' and ${bloccoDiOrigineSql(companyId, sql`case when ${companyScope(trasferimenti, companyId)} then r.origine_id else r.destinazione_id end`, origini)})`
    : sql`false`;
  return sql`exists (select 1 from ${trasferimentiRighe} r where r.trasferimento_id = ${trasferimenti.id} and (${tipo} or ${blocco}))`;
}

/** The transfers the company is part of (either side), with the filters, that show the user a row. */
export async function page(
  db: DbOrTx,
  companyId: string,
  query: TrasferimentoQuery & PageOpts,
  readable: readonly RigaKind[],
) {
  const where = and(visibleTo(companyId, query), withReadableRow(companyId, readable))!;
  const items = await db
    .select({
      trasferimento: trasferimenti,
      origineNome: companies.name,
      destinazioneNome: destinazione.name,
      utente: users.name,
    })
    .from(trasferimenti)
    .innerJoin(companies, eq(companies.id, trasferimenti.companyId))
    .innerJoin(destinazione, eq(destinazione.id, trasferimenti.destinazioneCompanyId))
    .leftJoin(users, eq(users.id, trasferimenti.userId))
    .where(where)
    .orderBy(desc(trasferimenti.createdAt), desc(trasferimenti.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const counted = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`select 1 from ${trasferimenti} where ${where}`)} as n`,
  );
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/** The block's kind of a row's side (own or bought-in: their pages differ), null for a bundle or a lot. */
const origineSeBlocco = (id: PgColumn) =>
  sql<
    string | null
  >`case when ${trasferimentiRighe.tipo} = 'blocco' then ${origineBloccoSql(id)} end`;

/** The items of some transfers, with each side's block kind. */
export function righeOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      riga: trasferimentiRighe,
      origineBlocco: origineSeBlocco(trasferimentiRighe.origineId),
      destinazioneBlocco: origineSeBlocco(trasferimentiRighe.destinazioneId),
    })
    .from(trasferimentiRighe)
    .where(inArray(trasferimentiRighe.trasferimentoId, ids))
    .orderBy(asc(trasferimentiRighe.tipo), asc(trasferimentiRighe.codice));
}

/** The other companies of the installation: where a transfer may go. */
export { otherCompanies } from '../../lib/companies.js';

/**
 * Where the items arrive in the receiving company: the location asked for (undefined when it is not one
 * of that company's), or by default its first yard (`piazzale_*`, by name), else its first location.
 */
export async function ubicazioneArrivo(
  db: DbOrTx,
  companyId: string,
  id: string | undefined,
): Promise<string | null | undefined> {
  if (id) {
    const [row] = await db
      .select({ id: ubicazioni.id })
      .from(ubicazioni)
      .where(companyScope(ubicazioni, companyId, eq(ubicazioni.id, id)));
    return row?.id;
  }
  const [row] = await db
    .select({ id: ubicazioni.id })
    .from(ubicazioni)
    .where(companyScope(ubicazioni, companyId, eq(ubicazioni.attiva, true)))
    .orderBy(sql`${like(ubicazioni.tipo, 'piazzale_%')} desc`, asc(ubicazioni.nome))
    .limit(1);
  return row?.id ?? null;
}
