import { type LottoListQuery, type MovimentoListQuery } from '@gestcava/contracts';
import { and, desc, eq, gt, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  clienti,
  lastre,
  lotti,
  materiali,
  movimenti,
  pacchi,
  ubicazioni,
  users,
} from '../../db/schema/index.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';

import {
  nameOf,
  bloccoOf,
  testaColumns,
  totalsOf,
  firstOf,
  lottoPezziRiservati,
  listPage,
  type Filter,
} from './magazzino.columns.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoRefs, codiceBloccoSql } from '../blocchi/blocchi.reads.js';
import { codiceLavorazionePavimentiSql } from '../lavorazioni-pavimenti/lavorazioni-pavimenti.reads.js';

/** The lots' list: each with its block (`blocco`), names and reserved pieces. */
function lottiList(db: DbOrTx, companyId: string) {
  const blocco = bloccoRefs(db, companyId);
  const select = db
    .select({
      lotto: lotti,
      ...testaColumns(
        blocco,
        lotti,
        codiceLavorazionePavimentiSql(outer(lotti.lavorazioneId), outer(lotti.companyId)),
      ),
      ubicazioneNome: nameOf(ubicazioni, ubicazioni.nome, lotti.ubicazioneId, lotti.companyId),
      pezziRiservati: lottoPezziRiservati,
    })
    .from(lotti)
    .leftJoin(blocco, bloccoOf(blocco, lotti.bloccoId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, lotti.materialeId), companyScope(materiali, lotti.companyId)),
    )
    .$dynamic();
  return { select, from: sql`${lotti}` };
}
export type LottoJoined = Awaited<ReturnType<typeof lottiList>['select']>[number];

function lottiWhere(companyId: string, f: Filter<LottoListQuery>): SQL {
  return companyScope(
    lotti,
    companyId,
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

export function lottiPage(db: DbOrTx, companyId: string, query: LottoListQuery & PageOpts) {
  const order = orderByOf(query.sort, LOTTO_SORT, desc(lotti.createdAt), lotti.id);
  return listPage(db, lottiList(db, companyId), lottiWhere(companyId, query), order, query);
}

export async function lottiSummary(db: DbOrTx, companyId: string, filter: Filter<LottoListQuery>) {
  const [row] = await db
    .select(
      totalsOf({
        pezzi: lotti.pezzi,
        mq: lotti.mq,
        pesoT: sql`${lotti.mq} * ${lotti.spessoreMm} / 1000.0 * (select ${materiali.densita} from ${materiali} where ${materiali.id} = ${outer(lotti.materialeId)})`,
      }),
    )
    .from(lotti)
    .where(lottiWhere(companyId, filter));
  return row!;
}

export function findLotto(db: DbOrTx, companyId: string, id: string) {
  return firstOf(lottiList(db, companyId), companyScope(lotti, companyId, eq(lotti.id, id)));
}

/* ---------------------------------------------------------------- movimenti */

/** Which rows of the ledger a user may read: the slab side, the tile side, or both. */
export type MovimentiScope = { lastre: boolean; pavimenti: boolean };

function movimentiWhere(
  companyId: string,
  f: Filter<MovimentoListQuery>,
  scope: MovimentiScope,
): SQL {
  return companyScope(
    movimenti,
    companyId,
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

/** The ledger's rows, each with the codes and names of what it moved and who moved it. */
function movimentiList(db: DbOrTx) {
  const select = db
    .select({
      movimento: movimenti,
      bloccoCodice: codiceBloccoSql(outer(movimenti.bloccoId), outer(movimenti.companyId)),
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
    .$dynamic();
  return { select, from: sql`${movimenti}` };
}

export function movimentiPage(
  db: DbOrTx,
  companyId: string,
  query: MovimentoListQuery & PageOpts,
  scope: MovimentiScope,
) {
  const order = [desc(movimenti.createdAt), desc(movimenti.id)];
  return listPage(db, movimentiList(db), movimentiWhere(companyId, query, scope), order, query);
}
export type MovimentoJoined = Awaited<ReturnType<typeof movimentiPage>>['items'][number];
