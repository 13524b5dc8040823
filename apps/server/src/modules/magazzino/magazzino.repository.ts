import { SCELTE, type Pacco, type PaccoListQuery } from '@gestcava/contracts';
import { and, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  blocchi,
  lastre,
  lavorazioniLastre,
  materiali,
  pacchi,
  ubicazioni,
} from '../../db/schema/index.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { LASTRE_NEL_PACCO, pesoLastraSql } from '../../lib/peso-lastra.js';

import {
  densitaPacco,
  nameOf,
  bloccoOf,
  provenienza,
  trasferitoDa,
  materiale,
  lastraLibera,
  count,
  LASTRE_IN_GIACENZA,
  type Filter,
} from './magazzino.columns.js';
import { companyScope } from '../../lib/company-table.js';

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
      and(eq(materiali.id, pacchi.materialeId), companyScope(materiali, pacchi.companyId)),
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
  return companyScope(
    pacchi,
    companyId,
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
    .where(companyScope(pacchi, companyId, eq(pacchi.id, id)))
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
