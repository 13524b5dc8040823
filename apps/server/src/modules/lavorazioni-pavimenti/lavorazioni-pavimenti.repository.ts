import {
  LAVORAZIONE_PAVIMENTI_STATI,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_TRANSITIONS,
  type LastraTagliabile,
  type LastraTagliabileQuery,
  type LavorazionePavimentiFilter,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import { and, asc, desc, eq, gte, inArray, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  blocchi,
  lastre,
  lavorazioniPavimenti,
  lavorazioniPavimentiLastre,
  lotti,
  materiali,
  pacchi,
} from '../../db/schema/index.js';
import { cappedCount, orderByOf, rowsOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import type { StateMachine } from '../../lib/state-change.js';
import { selectLastre } from '../../lib/stock-queries.js';
import type { LavorazioneJoined, LavorazioneRow } from './lavorazioni-pavimenti.mapper.js';

type NewLavorazione = typeof lavorazioniPavimenti.$inferInsert;
const lp = lavorazioniPavimenti;
const links = lavorazioniPavimentiLastre;

/**
 * A tile lavorazione's states for `changeState`: the user's moves (`POST …/stato`, whose body allows
 * only in_lavorazione and annullata) and the completion's, in one table.
 */
export const LAVORAZIONE_PAVIMENTI_STATES: StateMachine<
  typeof lavorazioniPavimenti,
  LavorazionePavimentiStato
> = {
  table: lp,
  columns: { id: lp.id, companyId: lp.companyId, stato: lp.stato, updatedAt: lp.updatedAt },
  transitions: Object.fromEntries(
    LAVORAZIONE_PAVIMENTI_STATI.map(
      (s): [LavorazionePavimentiStato, readonly LavorazionePavimentiStato[]] => [
        s,
        [
          ...LAVORAZIONE_PAVIMENTI_TRANSITIONS[s].manual,
          ...LAVORAZIONE_PAVIMENTI_TRANSITIONS[s].system,
        ],
      ],
    ),
  ) as Record<LavorazionePavimentiStato, readonly LavorazionePavimentiStato[]>,
  labels: LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  entityType: 'lavorazione-pavimenti',
  messages: {
    notFound: 'Lavorazione non trovata',
    stale: 'La lavorazione è stata modificata nel frattempo: ricarica e riprova',
  },
};

/** The states in which a lavorazione holds its slabs: a slab is in at most one of these. */
const APERTE = ['pianificata', 'in_lavorazione'] as const;

function joined(db: DbOrTx) {
  return db
    .select({
      lavorazione: lp,
      blocco: { id: blocchi.id, codice: blocchi.codice, origine: blocchi.origine },
      materiale: { id: materiali.id, nome: materiali.nome },
      lotto: { id: lotti.id, codice: lotti.codice },
    })
    .from(lp)
    .innerJoin(materiali, eq(materiali.id, lp.materialeId))
    .leftJoin(blocchi, eq(blocchi.id, lp.bloccoId))
    .leftJoin(lotti, eq(lotti.lavorazioneId, lp.id));
}

/** The day a lavorazione belongs to in the period filters: started, else planned (Italy's calendar). */
const giorno = sql`coalesce(${lp.dataInizio}, (${lp.createdAt} at time zone 'Europe/Rome')::date)`;

function filterWhere(companyId: string, f: LavorazionePavimentiFilter): SQL {
  const conditions: Array<SQL | undefined> = [eq(lp.companyId, companyId)];
  if (f.q) conditions.push(or(matchesSearch(lp.codice, f.q), matchesSearch(blocchi.codice, f.q)));
  if (f.stato) conditions.push(eq(lp.stato, f.stato));
  if (f.materialeId) conditions.push(eq(lp.materialeId, f.materialeId));
  if (f.bloccoId) conditions.push(eq(lp.bloccoId, f.bloccoId));
  if (f.dal) conditions.push(gte(giorno, f.dal));
  if (f.al) conditions.push(lte(giorno, f.al));
  return and(...conditions)!;
}

export async function listPage(
  db: DbOrTx,
  companyId: string,
  query: LavorazionePavimentiFilter & PageOpts,
) {
  const where = filterWhere(companyId, query);
  const order = orderByOf(
    query.sort,
    {
      codice: lp.codice,
      createdAt: lp.createdAt,
      dataInizio: lp.dataInizio,
      mqProdotti: lp.mqProdotti,
      stato: lp.stato,
    },
    desc(lp.createdAt),
    lp.id,
  );
  const items = (await joined(db)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as LavorazioneJoined[];
  const matching = db
    .select({ one: sql`1` })
    .from(lp)
    .leftJoin(blocchi, eq(blocchi.id, lp.bloccoId))
    .where(where);
  const counted = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`${matching}`)} as n`,
  );
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

export async function summary(db: DbOrTx, companyId: string, filter: LavorazionePavimentiFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pezzi: sql<number>`coalesce(sum(${lp.pezzi}), 0)::int`,
      mqProdotti: sql<number>`coalesce(sum(${lp.mqProdotti}), 0)::float8`,
      scartoMq: sql<number>`coalesce(sum(${lp.scartoMq}), 0)::float8`,
    })
    .from(lp)
    .leftJoin(blocchi, eq(blocchi.id, lp.bloccoId))
    .where(filterWhere(companyId, filter));
  return row!;
}

export async function findJoined(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<LavorazioneJoined | undefined> {
  const [row] = await joined(db)
    .where(and(eq(lp.companyId, companyId), eq(lp.id, id)))
    .limit(1);
  return row as LavorazioneJoined | undefined;
}

export function lockInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<LavorazioneRow | undefined> {
  return db
    .select()
    .from(lp)
    .where(and(eq(lp.companyId, companyId), eq(lp.id, id)))
    .for('no key update')
    .then((r) => r[0]);
}

export function insert(db: DbOrTx, values: NewLavorazione): Promise<LavorazioneRow> {
  return db
    .insert(lp)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

/** Updates the row only while its state is still `stato`; undefined when it moved meanwhile. */
export function updateInStato(
  db: DbOrTx,
  companyId: string,
  id: string,
  stato: string,
  values: Partial<NewLavorazione>,
): Promise<LavorazioneRow | undefined> {
  return db
    .update(lp)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(lp.companyId, companyId), eq(lp.id, id), eq(lp.stato, stato)))
    .returning()
    .then((r) => r[0]);
}

export async function insertLastre(
  db: DbOrTx,
  lavorazioneId: string,
  lastraIds: readonly string[],
) {
  if (lastraIds.length)
    await db.insert(links).values(lastraIds.map((lastraId) => ({ lavorazioneId, lastraId })));
}

/** The slabs a lavorazione cuts, in code order. */
export function lastreOf(db: DbOrTx, lavorazioneId: string) {
  return db
    .select({
      id: lastre.id,
      codice: lastre.codice,
      mq: lastre.mq,
      scelta: lastre.scelta,
      lunghezzaMm: lastre.lunghezzaMm,
      altezzaMm: lastre.altezzaMm,
    })
    .from(links)
    .innerJoin(lastre, eq(lastre.id, links.lastraId))
    .where(eq(links.lavorazioneId, lavorazioneId))
    .orderBy(asc(lastre.codice));
}

/**
 * The chosen slabs of the company, locked (in id order, so two plans wait for each other instead of
 * deadlocking), with what a plan needs: state, block, bundle material, m² and grade.
 */
export function lockLastre(tx: DbOrTx, companyId: string, ids: readonly string[]) {
  return selectLastre(tx, {
    id: lastre.id,
    codice: lastre.codice,
    stato: lastre.stato,
    bloccoId: lastre.bloccoId,
    mq: lastre.mq,
    scelta: lastre.scelta,
    materialeId: pacchi.materialeId,
  })
    .where(and(eq(lastre.companyId, companyId), inArray(lastre.id, [...ids])))
    .orderBy(asc(lastre.id))
    .for('no key update', { of: lastre });
}

const inOpenLavorazione = (lastraId: typeof lastre.id): SQL =>
  sql`exists (select 1 from ${links} inner join ${lp} on ${lp.id} = ${links.lavorazioneId} where ${links.lastraId} = ${lastraId} and ${inArray(lp.stato, [...APERTE])})`;

/** Codes of the given slabs that another open lavorazione pavimenti already holds. */
export async function lastreInAltreLavorazioni(
  tx: DbOrTx,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .select({ codice: lastre.codice })
    .from(lastre)
    .where(and(inArray(lastre.id, [...ids]), inOpenLavorazione(lastre.id)))
    .orderBy(asc(lastre.codice));
  return rows.map((r) => r.codice);
}

/** Slabs that may be cut into tiles: `disponibile` and not already planned for tiles. */
export async function lastreTagliabili(
  db: DbOrTx,
  companyId: string,
  f: LastraTagliabileQuery,
  limit = 200,
): Promise<LastraTagliabile[]> {
  const rows = await selectLastre(db, {
    id: lastre.id,
    codice: lastre.codice,
    paccoId: pacchi.id,
    paccoCodice: pacchi.codice,
    materialeId: materiali.id,
    materialeNome: materiali.nome,
    lunghezzaMm: lastre.lunghezzaMm,
    altezzaMm: lastre.altezzaMm,
    spessoreMm: pacchi.spessoreMm,
    mq: lastre.mq,
  })
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .where(
      and(
        eq(lastre.companyId, companyId),
        eq(lastre.stato, 'disponibile'),
        f.paccoId ? eq(lastre.paccoId, f.paccoId) : undefined,
        f.q ? or(matchesSearch(lastre.codice, f.q), matchesSearch(pacchi.codice, f.q)) : undefined,
        not(inOpenLavorazione(lastre.id)),
      ),
    )
    .orderBy(asc(lastre.codice))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    codice: r.codice,
    pacco: { _id: r.paccoId, codice: r.paccoCodice },
    materiale: { _id: r.materialeId, nome: r.materialeNome },
    lunghezzaMm: r.lunghezzaMm,
    altezzaMm: r.altezzaMm,
    spessoreMm: r.spessoreMm,
    mq: r.mq,
  }));
}

/** A block's tile lavorazioni: cut from it, or from its slabs. */
export function ofBlocco(db: DbOrTx, companyId: string, bloccoId: string) {
  return db
    .select({ id: lp.id, codice: lp.codice, stato: lp.stato })
    .from(lp)
    .where(
      and(
        eq(lp.companyId, companyId),
        or(
          eq(lp.bloccoId, bloccoId),
          sql`exists (select 1 from ${links} inner join ${lastre} on ${lastre.id} = ${links.lastraId} where ${links.lavorazioneId} = ${lp.id} and ${lastre.bloccoId} = ${bloccoId})`,
        ),
      ),
    )
    .orderBy(asc(lp.createdAt), asc(lp.id));
}

/** Code, state and material of many tile cuts at once (photo cards, the code box). */
export function summaries(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: lp.id,
      codice: lp.codice,
      stato: lp.stato,
      materiale: sql<string>`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${lp.materialeId})`,
    })
    .from(lp)
    .where(and(eq(lp.companyId, companyId), inArray(lp.id, ids)));
}

/** The tile cuts of a quarry's stone, from its blocks or their slabs, as a subquery. */
export function idsInCava(companyId: string, cavaId: string): SQL {
  return sql`select ${lp.id} from ${lp} inner join ${blocchi} on ${blocchi.id} = ${lp.bloccoId} where ${blocchi.companyId} = ${companyId} and ${blocchi.cavaId} = ${cavaId}
    union select ${links.lavorazioneId} from ${links} inner join ${lastre} on ${lastre.id} = ${links.lastraId} inner join ${blocchi} on ${blocchi.id} = ${lastre.bloccoId} where ${blocchi.companyId} = ${companyId} and ${blocchi.cavaId} = ${cavaId}`;
}
