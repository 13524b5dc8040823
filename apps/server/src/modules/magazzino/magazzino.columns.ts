import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  cave,
  companies,
  lastre,
  lotti,
  materiali,
  pacchi,
  riserveLotti,
} from '../../db/schema/index.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { cappedCount, rowsOf } from '../../lib/pagination.js';
import { outer } from '../../lib/sql.js';
import { companyScope } from '../../lib/company-table.js';
import { codiceBancataSql } from '../bancate/bancate.reads.js';
import { codiceBloccoSql, type bloccoRefs } from '../blocchi/blocchi.reads.js';

// Reads of magazzino lastre and pavimenti. The names beside each item are scalar subqueries (one
// primary-key read each), as in the blocchi list (docs/query-plans-pglite.md). Every join and subquery
// is bounded by the row's own company: a row received from a group company may still hold an id of the
// sender (rows written before migration 0019), and the receiver sees none of the sender's rows (docs/domain.md).

export type CompanyTable = { id: PgColumn; companyId: PgColumn };
/** The name of the row `fk` points to, when that row is of `company` (the outer row's company column). */
export const nameOf = (table: CompanyTable, column: PgColumn, fk: PgColumn, company: PgColumn) =>
  sql<
    string | null
  >`(select ${column} from ${column.table} where ${companyScope(table, outer(company), eq(table.id, outer(fk)))})`;

/** The company's blocks, as the stock lists join them (`blocco`, blocchi.reads.ts). */
export type BloccoRefs = ReturnType<typeof bloccoRefs>;
/** A join on the block `fk` names: `blocco` holds the company's blocks only. */
export const bloccoOf = (blocco: BloccoRefs, fk: PgColumn) => eq(blocco.id, fk);

export const materiale = { id: materiali.id, nome: materiali.nome, densita: materiali.densita };

/** Where a block comes from: its bancata and quarry (own blocks) by name. */
export const provenienza = (blocco: BloccoRefs) => ({
  blocco: { id: blocco.id, codice: blocco.codice, origine: blocco.origine },
  bancataId: blocco.bancataId,
  bancataCodice: codiceBancataSql(outer(blocco.bancataId), outer(blocco.companyId)),
  cavaId: blocco.cavaId,
  cavaNome: nameOf(cave, cave.nome, blocco.cavaId, blocco.companyId),
});

/**
 * What every stock list's row opens with: where its block comes from, the code of the job that made
 * it, the sender of a received item, its material.
 */
export const testaColumns = (
  blocco: BloccoRefs,
  item: typeof pacchi | typeof lotti,
  lavorazioneCodice: SQL<string | null>,
) => ({
  ...provenienza(blocco),
  lavorazioneCodice,
  ...trasferitoDa(item),
  materiale,
});

/**
 * Of a bundle or lot received from a group company: the sender's name and the code of the block it
 * came from there — the code and the company only (docs/domain.md), never the sender's ids.
 */
export function trasferitoDa(table: typeof pacchi | typeof lotti) {
  const src = sql`from ${table} as src where src.id = ${outer(table.trasferitoDaId)}`;
  return {
    trasferitoDitta: sql<
      string | null
    >`(select (select c.name from ${companies} c where c.id = src.company_id) ${src})`,
    trasferitoBlocco: sql<
      string | null
    >`(select ${codiceBloccoSql(sql`src.blocco_id`, sql`src.company_id`)} ${src})`,
  };
}

/** A slab reservation holds through its last day in Rome; the day after, it counts as released. */
export const riservaLastraScaduta = sql`(${lastre.stato} = 'riservata' and ${lastre.scadenzaRiserva} < ${todayInRomeSql})`;
/** The state every read and rule uses: an expired reservation reads as `disponibile` (the sweep writes it later). */
export const lastraStatoEffettivo = sql<string>`(case when ${riservaLastraScaduta} then 'disponibile' else ${lastre.stato} end)`;
/** A slab free to reserve or sell now. */
export const lastraLibera = sql`(${lastre.stato} = 'disponibile' or ${riservaLastraScaduta})`;
/** Where a slab is: its own place once moved apart, else its bundle's. */
export const lastraUbicazioneId = sql<
  string | null
>`coalesce(${lastre.ubicazioneId}, ${pacchi.ubicazioneId})`;

/** Pieces of a lot under reservations still running (expired ones count as released before the sweep). */
export const lottoPezziRiservati = sql<number>`(select coalesce(sum(${riserveLotti.pezzi}), 0)::int from ${riserveLotti} where ${riserveLotti.lottoId} = ${outer(lotti.id)} and ${riserveLotti.stato} = 'attiva' and ${riserveLotti.scadenza} >= ${todayInRomeSql})`;

export type Filter<Q> = Omit<Q, 'page' | 'limit' | 'sort'>;

export async function count(db: DbOrTx, from: SQL, where: SQL): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`select 1 from ${from} where ${where}`)} as n`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * A stock list: its rows with their joins (`select`, a dynamic query), and the FROM its count needs
 * (the joins its WHERE may name, none of the display ones).
 */
export interface StockList<S extends PgSelect> {
  select: S;
  from: SQL;
}

/** The row of a stock list that `where` picks (its detail), or undefined. */
export async function firstOf<S extends PgSelect>(
  list: StockList<S>,
  where: SQL,
): Promise<Awaited<S>[number] | undefined> {
  const [row] = await list.select.where(where).limit(1);
  return row as Awaited<S>[number] | undefined;
}

/**
 * A stock list's totals: how many rows, and the sums of their pieces (each row one when `pezzi` is
 * null), m² and tonnes, each the sum of what the rows show.
 */
export const totalsOf = (t: { pezzi: SQL | PgColumn | null; mq: SQL | PgColumn; pesoT: SQL }) => ({
  count: sql<number>`count(*)::int`,
  pezzi:
    t.pezzi === null ? sql<number>`count(*)::int` : sql<number>`coalesce(sum(${t.pezzi}), 0)::int`,
  mq: sql<number>`coalesce(sum(${t.mq}), 0)::float8`,
  pesoT: sql<number>`coalesce(sum(${t.pesoT}), 0)::float8`,
});

/** One page of a stock list in `order`, and how many rows match `where` (capped: lib/pagination's `toPage`). */
export async function listPage<S extends PgSelect>(
  db: DbOrTx,
  list: StockList<S>,
  where: SQL,
  order: SQL[],
  { page, limit }: { page: number; limit: number },
): Promise<{ items: Awaited<S>; counted: number }> {
  const items = await list.select
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: items as Awaited<S>, counted: await count(db, list.from, where) };
}

/** Slabs on hand: in stock, free or reserved (in_lavorazione ones are committed to a tile cut). */
export const LASTRE_IN_GIACENZA = ['disponibile', 'riservata'];

/** The density of a bundle's material, for its slabs' weights. */
export const densitaPacco = sql`(select ${materiali.densita} from ${materiali} where ${materiali.id} = ${outer(pacchi.materialeId)})`;
