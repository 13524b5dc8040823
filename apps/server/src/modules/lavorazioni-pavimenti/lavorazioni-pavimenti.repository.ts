import {
  LAVORAZIONE_PAVIMENTI_STATI,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_TRANSITIONS,
  type LastraTagliabile,
  type LastraTagliabileQuery,
  type LavorazionePavimentiFilter,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lte,
  not,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  lavorazioniPavimenti,
  lavorazioniPavimentiLastre,
  materiali,
} from '../../db/schema/index.js';
import { companyScope, companyTable } from '../../lib/company-table.js';
import { cappedCount, orderByOf, rowsOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import type { StateMachine } from '../../lib/state-change.js';
import { bloccoIdsInCava, bloccoRefs } from '../blocchi/blocchi.reads.js';
import {
  lastraIdsInCava,
  lastraIdsOfBlocco,
  lastraRefs,
  lastreDisponibili,
  lottoRefs,
} from '../magazzino/stock.reads.js';
import type { LavorazioneJoined, LavorazioneRow } from './lavorazioni-pavimenti.mapper.js';

type NewLavorazione = typeof lavorazioniPavimenti.$inferInsert;
const lp = lavorazioniPavimenti;
const links = lavorazioniPavimentiLastre;
const scoped = companyTable(lp);
type Blocco = ReturnType<typeof bloccoRefs>;

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

/** The lavorazioni with their material, block (if any) and lot (once completed), of the company. */
function joined(db: DbOrTx, companyId: string, blocco: Blocco) {
  const lotto = lottoRefs(db, companyId);
  return db
    .select({
      lavorazione: lp,
      blocco: { id: blocco.id, codice: blocco.codice, origine: blocco.origine },
      materiale: { id: materiali.id, nome: materiali.nome },
      lotto: { id: lotto.id, codice: lotto.codice },
    })
    .from(lp)
    .innerJoin(materiali, eq(materiali.id, lp.materialeId))
    .leftJoin(blocco, eq(blocco.id, lp.bloccoId))
    .leftJoin(lotto, eq(lotto.lavorazioneId, lp.id));
}

/** The day a lavorazione belongs to in the period filters: started, else planned (Italy's calendar). */
const giorno = sql`coalesce(${lp.dataInizio}, (${lp.createdAt} at time zone 'Europe/Rome')::date)`;

/** The company's lavorazioni matching the filter; `blocco` is the joined block (its code). */
function filterWhere(blocco: Blocco, companyId: string, f: LavorazionePavimentiFilter): SQL {
  return scoped.scope(
    companyId,
    f.q ? or(matchesSearch(lp.codice, f.q), matchesSearch(blocco.codice, f.q)) : undefined,
    f.stato ? eq(lp.stato, f.stato) : undefined,
    f.materialeId ? eq(lp.materialeId, f.materialeId) : undefined,
    f.bloccoId ? eq(lp.bloccoId, f.bloccoId) : undefined,
    f.dal ? gte(giorno, f.dal) : undefined,
    f.al ? lte(giorno, f.al) : undefined,
  );
}

export async function listPage(
  db: DbOrTx,
  companyId: string,
  query: LavorazionePavimentiFilter & PageOpts,
) {
  const blocco = bloccoRefs(db, companyId);
  const where = filterWhere(blocco, companyId, query);
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
  const items = (await joined(db, companyId, blocco)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as LavorazioneJoined[];
  const matching = db
    .select({ one: sql`1` })
    .from(lp)
    .leftJoin(blocco, eq(blocco.id, lp.bloccoId))
    .where(where);
  const counted = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`${matching}`)} as n`,
  );
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

export async function summary(db: DbOrTx, companyId: string, filter: LavorazionePavimentiFilter) {
  const blocco = bloccoRefs(db, companyId);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pezzi: sql<number>`coalesce(sum(${lp.pezzi}), 0)::int`,
      mqProdotti: sql<number>`coalesce(sum(${lp.mqProdotti}), 0)::float8`,
      scartoMq: sql<number>`coalesce(sum(${lp.scartoMq}), 0)::float8`,
    })
    .from(lp)
    .leftJoin(blocco, eq(blocco.id, lp.bloccoId))
    .where(filterWhere(blocco, companyId, filter));
  return row!;
}

export async function findJoined(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<LavorazioneJoined | undefined> {
  const [row] = await joined(db, companyId, bloccoRefs(db, companyId))
    .where(scoped.inCompany(companyId, id))
    .limit(1);
  return row as LavorazioneJoined | undefined;
}

export function lockInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<LavorazioneRow | undefined> {
  return scoped.findForUpdate(db, companyId, id);
}

export function insert(
  db: DbOrTx,
  { companyId, ...values }: NewLavorazione,
): Promise<LavorazioneRow> {
  return scoped.insert(db, companyId, values);
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
    .where(scoped.scope(companyId, eq(lp.id, id), eq(lp.stato, stato)))
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
export function lastreOf(db: DbOrTx, companyId: string, lavorazioneId: string) {
  const lastra = lastraRefs(db, companyId);
  return db
    .select({
      id: lastra.id,
      codice: lastra.codice,
      mq: lastra.mq,
      scelta: lastra.scelta,
      lunghezzaMm: lastra.lunghezzaMm,
      altezzaMm: lastra.altezzaMm,
    })
    .from(links)
    .innerJoin(lastra, eq(lastra.id, links.lastraId))
    .where(eq(links.lavorazioneId, lavorazioneId))
    .orderBy(asc(lastra.codice));
}

/** True when the slab `lastraId` is held by an open lavorazione of the company. */
const inOpenLavorazione = (companyId: string, lastraId: Column): SQL =>
  sql`exists (select 1 from ${links} inner join ${lp} on ${lp.id} = ${links.lavorazioneId} where ${links.lastraId} = ${lastraId} and ${companyScope(lp, companyId, inArray(lp.stato, [...APERTE]))})`;

/** Codes of the given slabs that another open lavorazione pavimenti already holds. */
export async function lastreInAltreLavorazioni(
  tx: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<string[]> {
  const lastra = lastraRefs(tx, companyId);
  const rows = await tx
    .select({ codice: lastra.codice })
    .from(lastra)
    .where(and(inArray(lastra.id, [...ids]), inOpenLavorazione(companyId, lastra.id)))
    .orderBy(asc(lastra.codice));
  return rows.map((r) => r.codice);
}

/** Slabs that may be cut into tiles: `disponibile` and not already planned for tiles. */
export async function lastreTagliabili(
  db: DbOrTx,
  companyId: string,
  f: LastraTagliabileQuery,
  limit = 200,
): Promise<LastraTagliabile[]> {
  const rows = await lastreDisponibili(
    db,
    companyId,
    f,
    (lastraId) => not(inOpenLavorazione(companyId, lastraId)),
    limit,
  );
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
      scoped.scope(
        companyId,
        or(
          eq(lp.bloccoId, bloccoId),
          sql`exists (select 1 from ${links} where ${links.lavorazioneId} = ${outer(lp.id)} and ${links.lastraId} in (${lastraIdsOfBlocco(companyId, bloccoId)}))`,
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
    .where(scoped.scope(companyId, inArray(lp.id, ids)));
}

/** The tile cuts of a quarry's stone, from its blocks or their slabs, as a subquery. */
export function idsInCava(companyId: string, cavaId: string): SQL {
  return sql`select ${lp.id} from ${lp} where ${companyScope(lp, companyId, sql`${lp.bloccoId} in (${bloccoIdsInCava(companyId, cavaId)})`)}
    union select ${links.lavorazioneId} from ${links} where ${links.lastraId} in (${lastraIdsInCava(companyId, cavaId)})`;
}
