import { SCELTE, type Pacco, type PaccoListQuery } from '@gestcava/contracts';
import { and, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre, materiali, pacchi, ubicazioni } from '../../db/schema/index.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { LASTRE_NEL_PACCO, pesoLastraSql } from '../../lib/peso-lastra.js';

import {
  densitaPacco,
  nameOf,
  bloccoOf,
  testaColumns,
  totalsOf,
  firstOf,
  lastraLibera,
  listPage,
  LASTRE_IN_GIACENZA,
  type BloccoRefs,
  type Filter,
} from './magazzino.columns.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoRefs } from '../blocchi/blocchi.reads.js';
import { codiceLavorazioneLastreSql } from '../lavorazioni-lastre/lavorazioni-lastre.reads.js';

// The bundles' reads (the slabs' in magazzino-lastre.repository.ts, the lots' and the ledger's in
// magazzino-lotti.repository.ts; the shared columns and the company rule of their joins in magazzino.columns.ts).

/* ---------------------------------------------------------------- pacchi */

const lastreNelPacco = and(
  eq(lastre.paccoId, outer(pacchi.id)),
  inArray(lastre.stato, [...LASTRE_NEL_PACCO]),
)!;
/** A bundle's weight: the sum of the rounded weights of its slabs that `which` picks (lib/peso-lastra.ts). */
const pesoPacco = (which: SQL) =>
  sql`(select coalesce(sum(${pesoLastraSql(lastre.mq, outer(pacchi.spessoreMm), densitaPacco)}), 0) from ${lastre} where ${which})`;

/** The bundles' list: each with its block (`blocco`, which the search also names), names and weight. */
function pacchiList(db: DbOrTx, companyId: string) {
  const blocco = bloccoRefs(db, companyId);
  const select = db
    .select({
      pacco: pacchi,
      ...testaColumns(
        blocco,
        pacchi,
        codiceLavorazioneLastreSql(outer(pacchi.lavorazioneId), outer(pacchi.companyId)),
      ),
      ubicazioneNome: nameOf(ubicazioni, ubicazioni.nome, pacchi.ubicazioneId, pacchi.companyId),
      lastreDisponibili: sql<number>`(select count(*)::int from ${lastre} where ${companyScope(lastre, outer(pacchi.companyId), eq(lastre.paccoId, outer(pacchi.id)), lastraLibera)})`,
      pesoT: sql<number>`${pesoPacco(lastreNelPacco)}::float8`,
    })
    .from(pacchi)
    .leftJoin(blocco, bloccoOf(blocco, pacchi.bloccoId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, pacchi.materialeId), companyScope(materiali, pacchi.companyId)),
    )
    .$dynamic();
  const from = sql`${pacchi} left join ${blocco} on ${bloccoOf(blocco, pacchi.bloccoId)}`;
  return { blocco, select, from };
}
export type PaccoJoined = Awaited<ReturnType<typeof pacchiList>['select']>[number];

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

function pacchiWhere(blocco: BloccoRefs, companyId: string, f: Filter<PaccoListQuery>): SQL {
  return companyScope(
    pacchi,
    companyId,
    f.q ? or(matchesSearch(pacchi.codice, f.q), matchesSearch(blocco.codice, f.q)) : undefined,
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

export function pacchiPage(db: DbOrTx, companyId: string, query: PaccoListQuery & PageOpts) {
  const list = pacchiList(db, companyId);
  const order = orderByOf(query.sort, PACCO_SORT, desc(pacchi.createdAt), pacchi.id);
  return listPage(db, list, pacchiWhere(list.blocco, companyId, query), order, query);
}

export async function pacchiSummary(db: DbOrTx, companyId: string, filter: Filter<PaccoListQuery>) {
  // filtered by grade, the totals are of that grade's slabs (as the slab list's), not of the whole mixed bundles
  const nLastre = filter.scelta
    ? sql`(select count(*) from ${lastre} where ${lastreDiScelta(filter.scelta, filter.esauriti)})`
    : pacchi.nLastre;
  const mq = filter.scelta
    ? sql`(select coalesce(sum(${lastre.mq}), 0) from ${lastre} where ${lastreDiScelta(filter.scelta, filter.esauriti)})`
    : pacchi.mq;
  const blocco = bloccoRefs(db, companyId);
  // each bundle's weight as its row shows it (its slabs', lib/peso-lastra.ts), then summed: the total is the sum of the rows
  const pesoT = pesoPacco(
    filter.scelta ? lastreDiScelta(filter.scelta, filter.esauriti) : lastreNelPacco,
  );
  const [row] = await db
    .select(totalsOf({ pezzi: nLastre, mq, pesoT }))
    .from(pacchi)
    .leftJoin(blocco, bloccoOf(blocco, pacchi.bloccoId))
    .where(pacchiWhere(blocco, companyId, filter));
  return row!;
}

export function findPacco(db: DbOrTx, companyId: string, id: string) {
  return firstOf(pacchiList(db, companyId), companyScope(pacchi, companyId, eq(pacchi.id, id)));
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
      companyScope(
        lastre,
        companyId,
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
