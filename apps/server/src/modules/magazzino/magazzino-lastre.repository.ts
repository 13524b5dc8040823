import { type LastraListQuery } from '@gestcava/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  blocchi,
  clienti,
  lastre,
  lavorazioniLastre,
  materiali,
  pacchi,
  ubicazioni,
} from '../../db/schema/index.js';
import { orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { pesoLastraSql } from '../../lib/peso-lastra.js';

import {
  densitaPacco,
  nameOf,
  bloccoOf,
  provenienza,
  trasferitoDa,
  materiale,
  riservaLastraScaduta,
  lastraStatoEffettivo,
  lastraLibera,
  lastraUbicazioneId,
  count,
  LASTRE_IN_GIACENZA,
  type Filter,
} from './magazzino.columns.js';
import { companyScope } from '../../lib/company-table.js';

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
    .innerJoin(pacchi, and(eq(pacchi.id, lastre.paccoId), companyScope(pacchi, lastre.companyId)))
    .leftJoin(blocchi, bloccoOf(lastre.bloccoId, lastre.companyId))
    .innerJoin(
      materiali,
      and(eq(materiali.id, pacchi.materialeId), companyScope(materiali, lastre.companyId)),
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
    .innerJoin(pacchi, and(eq(pacchi.id, lastre.paccoId), companyScope(pacchi, lastre.companyId)))
    .where(lastreWhere(companyId, filter));
  return row!;
}

export async function findLastra(db: DbOrTx, companyId: string, id: string) {
  const [row] = await lastreJoined(db)
    .where(companyScope(lastre, companyId, eq(lastre.id, id)))
    .limit(1);
  return row;
}

/** A bundle's slabs in sawing order. */
export function lastreOfPacco(db: DbOrTx, companyId: string, paccoId: string) {
  return lastreJoined(db)
    .where(companyScope(lastre, companyId, eq(lastre.paccoId, paccoId)))
    .orderBy(asc(lastre.progressivo));
}
