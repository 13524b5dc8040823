import type { TrasferimentoListQuery } from '@gestcava/contracts';
import { and, asc, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  blocchi,
  companies,
  trasferimenti,
  trasferimentiRighe,
  ubicazioni,
  users,
} from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
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
  const origini = readable.filter((k) => k === 'interno' || k === 'esterno');
  const tipo = tipi.length
    ? sql`r.tipo in (${sql.join(
        tipi.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql`false`;
  const blocco = origini.length
    ? sql`(r.tipo = 'blocco' and exists (select 1 from ${blocchi} b where b.id = case when ${trasferimenti.companyId} = ${companyId} then r.origine_id else r.destinazione_id end and b.origine in (${sql.join(
        origini.map((o) => sql`${o}`),
        sql`, `,
      )})))`
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

const bloccoOrigine = alias(blocchi, 'blocco_origine');
const bloccoDestinazione = alias(blocchi, 'blocco_destinazione');

/** The items of some transfers, with each side's block kind (own or bought-in: their pages differ). */
export function righeOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      riga: trasferimentiRighe,
      origineBlocco: bloccoOrigine.origine,
      destinazioneBlocco: bloccoDestinazione.origine,
    })
    .from(trasferimentiRighe)
    .leftJoin(
      bloccoOrigine,
      and(
        eq(trasferimentiRighe.tipo, 'blocco'),
        eq(bloccoOrigine.id, trasferimentiRighe.origineId),
      ),
    )
    .leftJoin(
      bloccoDestinazione,
      and(
        eq(trasferimentiRighe.tipo, 'blocco'),
        eq(bloccoDestinazione.id, trasferimentiRighe.destinazioneId),
      ),
    )
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

/**
 * The receiving company's own row of a block of the sender: the copy it received, or the block it had
 * sent itself; null when it has none. A received bundle or lot names that row, never the sender's.
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
      and(
        eq(blocchi.companyId, companyId),
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
