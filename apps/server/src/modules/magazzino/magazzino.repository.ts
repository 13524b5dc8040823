import {
  SCELTE,
  type LastraListQuery,
  type LottoListQuery,
  type MovimentoListQuery,
  type Pacco,
  type PaccoListQuery,
} from '@gestcava/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  bancate,
  blocchi,
  cave,
  clienti,
  companies,
  lastre,
  lavorazioniLastre,
  lavorazioniPavimenti,
  lotti,
  materiali,
  movimenti,
  pacchi,
  riserveLotti,
  ubicazioni,
  users,
} from '../../db/schema/index.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { cappedCount, orderByOf, rowsOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { LASTRE_NEL_PACCO, pesoLastraSql } from '../../lib/peso-lastra.js';

// Reads of magazzino lastre and pavimenti. The names beside each item are scalar subqueries (one
// primary-key read each), as in the blocchi list (docs/query-plans-pglite.md). Every join and subquery
// is bounded by the row's own company: a row received from a group company may still hold an id of the
// sender (rows written before migration 0019), and the receiver sees none of the sender's rows (docs/domain.md).

type CompanyTable = { id: PgColumn; companyId: PgColumn };
/** The name of the row `fk` points to, when that row is of `company` (the outer row's company column). */
export const nameOf = (table: CompanyTable, column: PgColumn, fk: PgColumn, company: PgColumn) =>
  sql<
    string | null
  >`(select ${column} from ${column.table} where ${table.id} = ${outer(fk)} and ${table.companyId} = ${outer(company)})`;

/** A join on the block `fk` names, within the company of the row that names it. */
export const bloccoOf = (fk: PgColumn, company: PgColumn) =>
  and(eq(blocchi.id, fk), eq(blocchi.companyId, company));

/** Where a block comes from: its bancata and quarry (own blocks) by name. */
const provenienza = {
  blocco: { id: blocchi.id, codice: blocchi.codice, origine: blocchi.origine },
  bancataId: blocchi.bancataId,
  bancataCodice: nameOf(bancate, bancate.codice, blocchi.bancataId, blocchi.companyId),
  cavaId: blocchi.cavaId,
  cavaNome: nameOf(cave, cave.nome, blocchi.cavaId, blocchi.companyId),
};

/**
 * Of a bundle or lot received from a group company: the sender's name and the code of the block it
 * came from there — the code and the company only (docs/domain.md), never the sender's ids.
 */
function trasferitoDa(table: typeof pacchi | typeof lotti) {
  const src = sql`from ${table} as src where src.id = ${outer(table.trasferitoDaId)}`;
  return {
    trasferitoDitta: sql<
      string | null
    >`(select (select c.name from ${companies} c where c.id = src.company_id) ${src})`,
    trasferitoBlocco: sql<
      string | null
    >`(select (select b.codice from ${blocchi} b where b.id = src.blocco_id and b.company_id = src.company_id) ${src})`,
  };
}

const materiale = { id: materiali.id, nome: materiali.nome, densita: materiali.densita };

/** A slab reservation holds through its last day in Rome; the day after, it counts as released. */
export const riservaLastraScaduta = sql`(${lastre.stato} = 'riservata' and ${lastre.scadenzaRiserva} < ${todayInRomeSql})`;
/** The state every read and rule uses: an expired reservation reads as `disponibile` (the sweep writes it later). */
export const lastraStatoEffettivo = sql<string>`(case when ${riservaLastraScaduta} then 'disponibile' else ${lastre.stato} end)`;
/** A slab free to reserve or sell now. */
export const lastraLibera = sql`(${lastre.stato} = 'disponibile' or ${riservaLastraScaduta})`;
/** Where a slab is: its own place once moved apart, else its bundle's. */
const lastraUbicazioneId = sql<
  string | null
>`coalesce(${lastre.ubicazioneId}, ${pacchi.ubicazioneId})`;

/** Pieces of a lot under reservations still running (expired ones count as released before the sweep). */
export const lottoPezziRiservati = sql<number>`(select coalesce(sum(${riserveLotti.pezzi}), 0)::int from ${riserveLotti} where ${riserveLotti.lottoId} = ${outer(lotti.id)} and ${riserveLotti.stato} = 'attiva' and ${riserveLotti.scadenza} >= ${todayInRomeSql})`;

type Filter<Q> = Omit<Q, 'page' | 'limit' | 'sort'>;

async function count(db: DbOrTx, from: SQL, where: SQL): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`select 1 from ${from} where ${where}`)} as n`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Slabs on hand: in stock, free or reserved (in_lavorazione ones are committed to a tile cut). */
const LASTRE_IN_GIACENZA = ['disponibile', 'riservata'];

/* ---------------------------------------------------------------- pacchi */

const lastreNelPacco = and(
  eq(lastre.paccoId, outer(pacchi.id)),
  inArray(lastre.stato, [...LASTRE_NEL_PACCO]),
)!;
const densitaPacco = sql`(select ${materiali.densita} from ${materiali} where ${materiali.id} = ${outer(pacchi.materialeId)})`;
/** A bundle's weight: the sum of the rounded weights of its slabs that `which` picks (lib/peso-lastra.ts). */
const pesoPacco = (which: SQL) =>
  sql`(select coalesce(sum(${pesoLastraSql(lastre.mq, outer(pacchi.spessoreMm), densitaPacco)}), 0) from ${lastre} where ${which})`;

function pacchiJoined(db: DbOrTx) {
  return db
    .select({
      pacco: pacchi,
      ...provenienza,
      lavorazioneCodice: nameOf(
        lavorazioniLastre,
        lavorazioniLastre.codice,
        pacchi.lavorazioneId,
        pacchi.companyId,
      ),
      ...trasferitoDa(pacchi),
      materiale,
      ubicazioneNome: nameOf(ubicazioni, ubicazioni.nome, pacchi.ubicazioneId, pacchi.companyId),
      lastreDisponibili: sql<number>`(select count(*)::int from ${lastre} where ${lastre.paccoId} = ${outer(pacchi.id)} and ${lastre.companyId} = ${outer(pacchi.companyId)} and ${lastraLibera})`,
      pesoT: sql<number>`${pesoPacco(lastreNelPacco)}::float8`,
    })
    .from(pacchi)
    .leftJoin(blocchi, bloccoOf(pacchi.bloccoId, pacchi.companyId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, pacchi.materialeId), eq(materiali.companyId, pacchi.companyId)),
    );
}
export type PaccoJoined = Awaited<ReturnType<ReturnType<typeof pacchiJoined>['execute']>>[number];

const pacchiFrom = sql`${pacchi} left join ${blocchi} on ${bloccoOf(pacchi.bloccoId, pacchi.companyId)}`;

/**
 * The bundle's slabs of a grade, as the slab list counts them: on hand, or every one with `esauriti`.
 * A bundle may mix grades (slabs are re-graded one by one), so a grade filter looks at its slabs.
 */
function lastreDiScelta(scelta: string, esauriti: boolean | undefined): SQL {
  return and(
    eq(lastre.paccoId, outer(pacchi.id)),
    eq(lastre.scelta, scelta),
    esauriti ? undefined : inArray(lastre.stato, LASTRE_IN_GIACENZA),
  )!;
}

function pacchiWhere(companyId: string, f: Filter<PaccoListQuery>): SQL {
  return and(
    eq(pacchi.companyId, companyId),
    f.q ? or(matchesSearch(pacchi.codice, f.q), matchesSearch(blocchi.codice, f.q)) : undefined,
    f.materialeId ? eq(pacchi.materialeId, f.materialeId) : undefined,
    f.finitura ? eq(pacchi.finitura, f.finitura) : undefined,
    f.scelta
      ? sql`exists (select 1 from ${lastre} where ${lastreDiScelta(f.scelta, f.esauriti)})`
      : undefined,
    f.ubicazioneId ? eq(pacchi.ubicazioneId, f.ubicazioneId) : undefined,
    f.spessoreMm ? eq(pacchi.spessoreMm, f.spessoreMm) : undefined,
    f.bloccoId ? eq(pacchi.bloccoId, f.bloccoId) : undefined,
    f.lavorazioneId ? eq(pacchi.lavorazioneId, f.lavorazioneId) : undefined,
    f.esauriti ? undefined : gt(pacchi.nLastre, 0),
  )!;
}

const PACCO_SORT = {
  codice: pacchi.codice,
  createdAt: pacchi.createdAt,
  mq: pacchi.mq,
  nLastre: pacchi.nLastre,
  spessoreMm: pacchi.spessoreMm,
};

export async function pacchiPage(db: DbOrTx, companyId: string, query: PaccoListQuery & PageOpts) {
  const where = pacchiWhere(companyId, query);
  const items = await pacchiJoined(db)
    .where(where)
    .orderBy(...orderByOf(query.sort, PACCO_SORT, desc(pacchi.createdAt), pacchi.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items, counted: await count(db, pacchiFrom, where) };
}

export async function pacchiSummary(db: DbOrTx, companyId: string, filter: Filter<PaccoListQuery>) {
  // filtered by grade, the totals are of that grade's slabs (as the slab list's), not of the whole mixed bundles
  const nLastre = filter.scelta
    ? sql`(select count(*) from ${lastre} where ${lastreDiScelta(filter.scelta, filter.esauriti)})`
    : pacchi.nLastre;
  const mq = filter.scelta
    ? sql`(select coalesce(sum(${lastre.mq}), 0) from ${lastre} where ${lastreDiScelta(filter.scelta, filter.esauriti)})`
    : pacchi.mq;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pezzi: sql<number>`coalesce(sum(${nLastre}), 0)::int`,
      mq: sql<number>`coalesce(sum(${mq}), 0)::float8`,
      // each bundle's weight as its row shows it (its slabs', lib/peso-lastra.ts), then summed: the total is the sum of the rows
      pesoT: sql<number>`coalesce(sum(${pesoPacco(filter.scelta ? lastreDiScelta(filter.scelta, filter.esauriti) : lastreNelPacco)}), 0)::float8`,
    })
    .from(pacchi)
    .leftJoin(blocchi, bloccoOf(pacchi.bloccoId, pacchi.companyId))
    .where(pacchiWhere(companyId, filter));
  return row!;
}

export async function findPacco(db: DbOrTx, companyId: string, id: string) {
  const [row] = await pacchiJoined(db)
    .where(and(eq(pacchi.companyId, companyId), eq(pacchi.id, id)))
    .limit(1);
  return row;
}

/** The grades of some bundles' slabs on hand, with how many of each, in the order of SCELTE. */
export async function scelteOfPacchi(
  db: DbOrTx,
  companyId: string,
  paccoIds: string[],
): Promise<Map<string, Pacco['scelte']>> {
  const byPacco = new Map<string, Pacco['scelte']>();
  if (paccoIds.length === 0) return byPacco;
  const rows = await db
    .select({ paccoId: lastre.paccoId, scelta: lastre.scelta, lastre: sql<number>`count(*)::int` })
    .from(lastre)
    .where(
      and(
        eq(lastre.companyId, companyId),
        inArray(lastre.paccoId, paccoIds),
        inArray(lastre.stato, LASTRE_IN_GIACENZA),
      ),
    )
    .groupBy(lastre.paccoId, lastre.scelta);
  for (const r of rows.sort(
    (a, b) =>
      SCELTE.indexOf(a.scelta as Pacco['scelta']) - SCELTE.indexOf(b.scelta as Pacco['scelta']),
  )) {
    byPacco.set(r.paccoId, [
      ...(byPacco.get(r.paccoId) ?? []),
      { scelta: r.scelta as Pacco['scelta'], lastre: r.lastre },
    ]);
  }
  return byPacco;
}

/* ---------------------------------------------------------------- lastre */

function lastreJoined(db: DbOrTx) {
  return db
    .select({
      lastra: lastre,
      pacco: {
        id: pacchi.id,
        codice: pacchi.codice,
        spessoreMm: pacchi.spessoreMm,
        finitura: pacchi.finitura,
        lavorazioneId: pacchi.lavorazioneId,
        ubicazioneId: pacchi.ubicazioneId,
      },
      ...provenienza,
      lavorazioneCodice: nameOf(
        lavorazioniLastre,
        lavorazioniLastre.codice,
        pacchi.lavorazioneId,
        pacchi.companyId,
      ),
      ...trasferitoDa(pacchi),
      materiale,
      statoEffettivo: lastraStatoEffettivo,
      ubicazioneId: lastraUbicazioneId,
      ubicazioneNome: sql<
        string | null
      >`(select ${ubicazioni.nome} from ${ubicazioni} where ${ubicazioni.id} = ${lastraUbicazioneId} and ${ubicazioni.companyId} = ${outer(lastre.companyId)})`,
      clienteNome: nameOf(clienti, clienti.ragioneSociale, lastre.clienteId, lastre.companyId),
    })
    .from(lastre)
    .innerJoin(pacchi, and(eq(pacchi.id, lastre.paccoId), eq(pacchi.companyId, lastre.companyId)))
    .leftJoin(blocchi, bloccoOf(lastre.bloccoId, lastre.companyId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, pacchi.materialeId), eq(materiali.companyId, lastre.companyId)),
    );
}
export type LastraJoined = Awaited<ReturnType<ReturnType<typeof lastreJoined>['execute']>>[number];

const lastreFrom = sql`${lastre} inner join ${pacchi} on ${pacchi.id} = ${lastre.paccoId} and ${pacchi.companyId} = ${lastre.companyId}`;

/** `stato = X` on the effective state. */
function statoLastraIs(stato: string): SQL {
  if (stato === 'disponibile') return lastraLibera;
  if (stato === 'riservata')
    return and(eq(lastre.stato, 'riservata'), sql`not ${riservaLastraScaduta}`)!;
  return eq(lastre.stato, stato);
}

function lastreWhere(companyId: string, f: Filter<LastraListQuery>): SQL {
  return and(
    eq(lastre.companyId, companyId),
    f.q ? matchesSearch(lastre.codice, f.q) : undefined,
    f.materialeId ? eq(pacchi.materialeId, f.materialeId) : undefined,
    f.finitura ? eq(pacchi.finitura, f.finitura) : undefined,
    f.scelta ? eq(lastre.scelta, f.scelta) : undefined,
    f.ubicazioneId ? sql`${lastraUbicazioneId} = ${f.ubicazioneId}` : undefined,
    f.spessoreMm ? eq(pacchi.spessoreMm, f.spessoreMm) : undefined,
    f.bloccoId ? eq(lastre.bloccoId, f.bloccoId) : undefined,
    f.paccoId ? eq(lastre.paccoId, f.paccoId) : undefined,
    f.stato
      ? statoLastraIs(f.stato)
      : f.esauriti
        ? undefined
        : inArray(lastre.stato, LASTRE_IN_GIACENZA),
  )!;
}

const LASTRA_SORT = {
  codice: lastre.codice,
  createdAt: lastre.createdAt,
  mq: lastre.mq,
  spessoreMm: pacchi.spessoreMm,
  stato: lastre.stato,
};

export async function lastrePage(db: DbOrTx, companyId: string, query: LastraListQuery & PageOpts) {
  const where = lastreWhere(companyId, query);
  const items = await lastreJoined(db)
    .where(where)
    .orderBy(
      ...orderByOf(query.sort, LASTRA_SORT, desc(lastre.createdAt), lastre.id),
      asc(lastre.progressivo),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items, counted: await count(db, lastreFrom, where) };
}

export async function lastreSummary(
  db: DbOrTx,
  companyId: string,
  filter: Filter<LastraListQuery>,
) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pezzi: sql<number>`count(*)::int`,
      mq: sql<number>`coalesce(sum(${lastre.mq}), 0)::float8`,
      pesoT: sql<number>`coalesce(sum(${pesoLastraSql(lastre.mq, pacchi.spessoreMm, densitaPacco)}), 0)::float8`,
    })
    .from(lastre)
    .innerJoin(pacchi, and(eq(pacchi.id, lastre.paccoId), eq(pacchi.companyId, lastre.companyId)))
    .where(lastreWhere(companyId, filter));
  return row!;
}

export async function findLastra(db: DbOrTx, companyId: string, id: string) {
  const [row] = await lastreJoined(db)
    .where(and(eq(lastre.companyId, companyId), eq(lastre.id, id)))
    .limit(1);
  return row;
}

/** A bundle's slabs in sawing order. */
export function lastreOfPacco(db: DbOrTx, companyId: string, paccoId: string) {
  return lastreJoined(db)
    .where(and(eq(lastre.companyId, companyId), eq(lastre.paccoId, paccoId)))
    .orderBy(asc(lastre.progressivo));
}

/* ---------------------------------------------------------------- lotti */

function lottiJoined(db: DbOrTx) {
  return db
    .select({
      lotto: lotti,
      ...provenienza,
      lavorazioneCodice: nameOf(
        lavorazioniPavimenti,
        lavorazioniPavimenti.codice,
        lotti.lavorazioneId,
        lotti.companyId,
      ),
      ...trasferitoDa(lotti),
      materiale,
      ubicazioneNome: nameOf(ubicazioni, ubicazioni.nome, lotti.ubicazioneId, lotti.companyId),
      pezziRiservati: lottoPezziRiservati,
    })
    .from(lotti)
    .leftJoin(blocchi, bloccoOf(lotti.bloccoId, lotti.companyId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, lotti.materialeId), eq(materiali.companyId, lotti.companyId)),
    );
}
export type LottoJoined = Awaited<ReturnType<ReturnType<typeof lottiJoined>['execute']>>[number];

function lottiWhere(companyId: string, f: Filter<LottoListQuery>): SQL {
  return and(
    eq(lotti.companyId, companyId),
    f.q ? matchesSearch(lotti.codice, f.q) : undefined,
    f.materialeId ? eq(lotti.materialeId, f.materialeId) : undefined,
    f.finitura ? eq(lotti.finitura, f.finitura) : undefined,
    f.scelta ? eq(lotti.scelta, f.scelta) : undefined,
    f.ubicazioneId ? eq(lotti.ubicazioneId, f.ubicazioneId) : undefined,
    f.spessoreMm ? eq(lotti.spessoreMm, f.spessoreMm) : undefined,
    f.bloccoId ? eq(lotti.bloccoId, f.bloccoId) : undefined,
    f.esauriti ? undefined : gt(lotti.pezzi, 0),
  )!;
}

const LOTTO_SORT = {
  codice: lotti.codice,
  createdAt: lotti.createdAt,
  mq: lotti.mq,
  pezzi: lotti.pezzi,
};

export async function lottiPage(db: DbOrTx, companyId: string, query: LottoListQuery & PageOpts) {
  const where = lottiWhere(companyId, query);
  const items = await lottiJoined(db)
    .where(where)
    .orderBy(...orderByOf(query.sort, LOTTO_SORT, desc(lotti.createdAt), lotti.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items, counted: await count(db, sql`${lotti}`, where) };
}

export async function lottiSummary(db: DbOrTx, companyId: string, filter: Filter<LottoListQuery>) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pezzi: sql<number>`coalesce(sum(${lotti.pezzi}), 0)::int`,
      mq: sql<number>`coalesce(sum(${lotti.mq}), 0)::float8`,
      pesoT: sql<number>`coalesce(sum(${lotti.mq} * ${lotti.spessoreMm} / 1000.0 * (select ${materiali.densita} from ${materiali} where ${materiali.id} = ${outer(lotti.materialeId)})), 0)::float8`,
    })
    .from(lotti)
    .where(lottiWhere(companyId, filter));
  return row!;
}

export async function findLotto(db: DbOrTx, companyId: string, id: string) {
  const [row] = await lottiJoined(db)
    .where(and(eq(lotti.companyId, companyId), eq(lotti.id, id)))
    .limit(1);
  return row;
}

/* ---------------------------------------------------------------- movimenti */

/** Which rows of the ledger a user may read: the slab side, the tile side, or both. */
export type MovimentiScope = { lastre: boolean; pavimenti: boolean };

function movimentiWhere(
  companyId: string,
  f: Filter<MovimentoListQuery>,
  scope: MovimentiScope,
): SQL {
  return and(
    eq(movimenti.companyId, companyId),
    scope.lastre && scope.pavimenti
      ? undefined
      : scope.lastre
        ? isNull(movimenti.lottoId)
        : isNotNull(movimenti.lottoId),
    f.tipo ? eq(movimenti.tipo, f.tipo) : undefined,
    f.bloccoId ? eq(movimenti.bloccoId, f.bloccoId) : undefined,
    f.paccoId ? eq(movimenti.paccoId, f.paccoId) : undefined,
    f.lastraId ? eq(movimenti.lastraId, f.lastraId) : undefined,
    f.lottoId ? eq(movimenti.lottoId, f.lottoId) : undefined,
    // Dates are days in Italy's calendar: from the start of `dal` to the end of `al`.
    f.dal
      ? gte(movimenti.createdAt, sql`(${f.dal}::date)::timestamp at time zone 'Europe/Rome'`)
      : undefined,
    f.al
      ? lt(movimenti.createdAt, sql`(${f.al}::date + 1)::timestamp at time zone 'Europe/Rome'`)
      : undefined,
  )!;
}

export async function movimentiPage(
  db: DbOrTx,
  companyId: string,
  query: MovimentoListQuery & PageOpts,
  scope: MovimentiScope,
) {
  const where = movimentiWhere(companyId, query, scope);
  const items = await db
    .select({
      movimento: movimenti,
      bloccoCodice: nameOf(blocchi, blocchi.codice, movimenti.bloccoId, movimenti.companyId),
      paccoCodice: nameOf(pacchi, pacchi.codice, movimenti.paccoId, movimenti.companyId),
      lastraCodice: nameOf(lastre, lastre.codice, movimenti.lastraId, movimenti.companyId),
      lottoCodice: nameOf(lotti, lotti.codice, movimenti.lottoId, movimenti.companyId),
      clienteNome: nameOf(
        clienti,
        clienti.ragioneSociale,
        movimenti.clienteId,
        movimenti.companyId,
      ),
      // not bounded: an admin works in every company of the installation, under their own name
      utenteNome: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${outer(movimenti.userId)})`,
    })
    .from(movimenti)
    .where(where)
    .orderBy(desc(movimenti.createdAt), desc(movimenti.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items, counted: await count(db, sql`${movimenti}`, where) };
}
export type MovimentoJoined = Awaited<ReturnType<typeof movimentiPage>>['items'][number];
