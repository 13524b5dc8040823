import { type LastraListQuery } from '@gestcava/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clienti, lastre, materiali, pacchi, ubicazioni } from '../../db/schema/index.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { pesoLastraSql } from '../../lib/peso-lastra.js';

import {
  densitaPacco,
  nameOf,
  bloccoOf,
  testaColumns,
  totalsOf,
  firstOf,
  riservaLastraScaduta,
  lastraStatoEffettivo,
  lastraLibera,
  lastraUbicazioneId,
  listPage,
  LASTRE_IN_GIACENZA,
  type Filter,
} from './magazzino.columns.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoRefs } from '../blocchi/blocchi.reads.js';
import { codiceLavorazioneLastreSql } from '../lavorazioni-lastre/lavorazioni-lastre.reads.js';

/* ---------------------------------------------------------------- lastre */

/** A slab's bundle, of the slab's own company. */
const paccoOfLastra = and(eq(pacchi.id, lastre.paccoId), companyScope(pacchi, lastre.companyId))!;

/** The slabs' list: each with its bundle, its block (`blocco`), names and place. */
function lastreList(db: DbOrTx, companyId: string) {
  const blocco = bloccoRefs(db, companyId);
  const select = db
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
      ...testaColumns(
        blocco,
        pacchi,
        codiceLavorazioneLastreSql(outer(pacchi.lavorazioneId), outer(pacchi.companyId)),
      ),
      statoEffettivo: lastraStatoEffettivo,
      ubicazioneId: lastraUbicazioneId,
      ubicazioneNome: sql<
        string | null
      >`(select ${ubicazioni.nome} from ${ubicazioni} where ${companyScope(ubicazioni, outer(lastre.companyId), sql`${ubicazioni.id} = ${lastraUbicazioneId}`)})`,
      clienteNome: nameOf(clienti, clienti.ragioneSociale, lastre.clienteId, lastre.companyId),
    })
    .from(lastre)
    .innerJoin(pacchi, paccoOfLastra)
    .leftJoin(blocco, bloccoOf(blocco, lastre.bloccoId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, pacchi.materialeId), companyScope(materiali, lastre.companyId)),
    )
    .$dynamic();
  return { select, from: sql`${lastre} inner join ${pacchi} on ${paccoOfLastra}` };
}
export type LastraJoined = Awaited<ReturnType<typeof lastreList>['select']>[number];

/** `stato = X` on the effective state. */
function statoLastraIs(stato: string): SQL {
  if (stato === 'disponibile') return lastraLibera;
  if (stato === 'riservata')
    return and(eq(lastre.stato, 'riservata'), sql`not ${riservaLastraScaduta}`)!;
  return eq(lastre.stato, stato);
}

function lastreWhere(companyId: string, f: Filter<LastraListQuery>): SQL {
  return companyScope(
    lastre,
    companyId,
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

export function lastrePage(db: DbOrTx, companyId: string, query: LastraListQuery & PageOpts) {
  const order = [
    ...orderByOf(query.sort, LASTRA_SORT, desc(lastre.createdAt), lastre.id),
    asc(lastre.progressivo),
  ];
  return listPage(db, lastreList(db, companyId), lastreWhere(companyId, query), order, query);
}

export async function lastreSummary(
  db: DbOrTx,
  companyId: string,
  filter: Filter<LastraListQuery>,
) {
  const [row] = await db
    .select(
      totalsOf({
        pezzi: null,
        mq: lastre.mq,
        pesoT: pesoLastraSql(lastre.mq, pacchi.spessoreMm, densitaPacco),
      }),
    )
    .from(lastre)
    .innerJoin(pacchi, paccoOfLastra)
    .where(lastreWhere(companyId, filter));
  return row!;
}

export function findLastra(db: DbOrTx, companyId: string, id: string) {
  return firstOf(lastreList(db, companyId), companyScope(lastre, companyId, eq(lastre.id, id)));
}

/** A bundle's slabs in sawing order. */
export function lastreOfPacco(db: DbOrTx, companyId: string, paccoId: string) {
  return lastreList(db, companyId)
    .select.where(companyScope(lastre, companyId, eq(lastre.paccoId, paccoId)))
    .orderBy(asc(lastre.progressivo));
}
