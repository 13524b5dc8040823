import {
  LAVORAZIONE_LASTRE_STATI,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  LAVORAZIONE_LASTRE_TRANSITIONS,
  type LavorazioneLastreStato,
} from '@gestcava/contracts';
import { asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { companyScope, companyTable } from '../../lib/company-table.js';
import type { DbOrTx } from '../../db/client.js';
import { cave, fornitori, lavorazioniLastre, macchine, materiali } from '../../db/schema/index.js';
import { cappedCount, orderByOf, rowsOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import type { StateMachine } from '../../lib/state-change.js';
import { bloccoIdsInCava, bloccoRefs } from '../blocchi/blocchi.reads.js';
import type { LavorazioneLastreJoined, LavorazioneLastreRow } from './lavorazioni-lastre.mapper.js';

type NewLavorazione = typeof lavorazioniLastre.$inferInsert;
const scoped = companyTable(lavorazioniLastre);

/**
 * A sawing's states for `changeState`: the user's moves (`POST …/stato`) or every move, for the
 * completion that alone may reach `completata`.
 */
function lavorazioneStates(
  by: 'manual' | 'system',
): StateMachine<typeof lavorazioniLastre, LavorazioneLastreStato> {
  const transitions = Object.fromEntries(
    LAVORAZIONE_LASTRE_STATI.map((s) => [
      s,
      by === 'manual'
        ? LAVORAZIONE_LASTRE_TRANSITIONS[s].manual
        : [
            ...LAVORAZIONE_LASTRE_TRANSITIONS[s].manual,
            ...LAVORAZIONE_LASTRE_TRANSITIONS[s].system,
          ],
    ]),
  ) as Record<LavorazioneLastreStato, readonly LavorazioneLastreStato[]>;
  return {
    table: lavorazioniLastre,
    columns: {
      id: lavorazioniLastre.id,
      companyId: lavorazioniLastre.companyId,
      stato: lavorazioniLastre.stato,
      updatedAt: lavorazioniLastre.updatedAt,
    },
    transitions,
    labels: LAVORAZIONE_LASTRE_STATO_LABELS,
    entityType: 'lavorazione-lastre',
    messages: {
      notFound: 'Lavorazione non trovata',
      stale: 'La lavorazione è stata modificata nel frattempo: ricarica e riprova',
    },
  };
}
export const LAVORAZIONE_LASTRE_STATES = {
  manual: lavorazioneStates('manual'),
  system: lavorazioneStates('system'),
};

export interface LavorazioneLastreFilter {
  q?: string;
  stato?: LavorazioneLastreStato;
  macchinaId?: string;
  materialeId?: string;
  bloccoId?: string;
  dal?: string;
  al?: string;
}

/** The day a sawing counts for in date filters: when it started, or (still planned) when it was planned, in Rome. */
const giorno = sql`coalesce(${lavorazioniLastre.dataInizio}, (${lavorazioniLastre.createdAt} at time zone 'Europe/Rome')::date)`;

type Blocco = ReturnType<typeof bloccoRefs>;

/** The sawings of the company matching the filter; `blocco` is the joined block (code, material). */
function filterWhere(blocco: Blocco, companyId: string, f: LavorazioneLastreFilter): SQL {
  return scoped.scope(
    companyId,
    f.q
      ? or(matchesSearch(lavorazioniLastre.codice, f.q), matchesSearch(blocco.codice, f.q))
      : undefined,
    f.stato ? eq(lavorazioniLastre.stato, f.stato) : undefined,
    f.macchinaId ? eq(lavorazioniLastre.macchinaId, f.macchinaId) : undefined,
    f.materialeId ? eq(blocco.materialeId, f.materialeId) : undefined,
    f.bloccoId ? eq(lavorazioniLastre.bloccoId, f.bloccoId) : undefined,
    f.dal ? gte(giorno, sql`${f.dal}::date`) : undefined,
    f.al ? lte(giorno, sql`${f.al}::date`) : undefined,
  );
}

/** The sawings with their block, material and machine; `blocco` is the company's blocks' subquery. */
function joined(db: DbOrTx, blocco: Blocco) {
  return db
    .select({
      lavorazione: lavorazioniLastre,
      blocco: {
        id: blocco.id,
        codice: blocco.codice,
        origine: blocco.origine,
        volumeNetto: blocco.volumeNetto,
        lunghezzaNetta: blocco.lunghezzaNetta,
        altezzaNetta: blocco.altezzaNetta,
        profonditaNetta: blocco.profonditaNetta,
      },
      materiale: { id: materiali.id, nome: materiali.nome },
      macchina: {
        id: macchine.id,
        nome: macchine.nome,
        kerfMm: macchine.kerfMm,
        rifiloMm: macchine.rifiloMm,
      },
      terzistaNome: sql<
        string | null
      >`(select ${fornitori.ragioneSociale} from ${fornitori} where ${companyScope(fornitori, outer(lavorazioniLastre.companyId), sql`${fornitori.id} = ${outer(lavorazioniLastre.terzistaId)}`)})`,
    })
    .from(lavorazioniLastre)
    .innerJoin(blocco, eq(blocco.id, lavorazioniLastre.bloccoId))
    .innerJoin(materiali, eq(materiali.id, blocco.materialeId))
    .innerJoin(macchine, eq(macchine.id, lavorazioniLastre.macchinaId));
}

const SORT_COLUMNS = {
  codice: lavorazioniLastre.codice,
  createdAt: lavorazioniLastre.createdAt,
  dataInizio: lavorazioniLastre.dataInizio,
  mqTotali: lavorazioniLastre.mqTotali,
  resa: lavorazioniLastre.resa,
  stato: lavorazioniLastre.stato,
};

export async function listPage(
  db: DbOrTx,
  companyId: string,
  query: LavorazioneLastreFilter & PageOpts,
) {
  const blocco = bloccoRefs(db, companyId);
  const where = filterWhere(blocco, companyId, query);
  const order = orderByOf(
    query.sort,
    SORT_COLUMNS,
    desc(lavorazioniLastre.createdAt),
    lavorazioniLastre.id,
  );
  const items = (await joined(db, blocco)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as LavorazioneLastreJoined[];
  const matching = db
    .select({ one: sql`1` })
    .from(lavorazioniLastre)
    .innerJoin(blocco, eq(blocco.id, lavorazioniLastre.bloccoId))
    .where(where);
  const counted = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`${matching}`)} as n`,
  );
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/**
 * The list's totals. m², slabs and m³ are all of the completed sawings (a planned or running one has
 * sawn nothing yet), so the m² ÷ m³ of the same summary is the yield it shows.
 */
export async function summary(db: DbOrTx, companyId: string, filter: LavorazioneLastreFilter) {
  const completata = sql`${lavorazioniLastre.stato} = 'completata'`;
  const blocco = bloccoRefs(db, companyId);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      numeroLastre: sql<number>`coalesce(sum(${lavorazioniLastre.numeroLastre}) filter (where ${completata}), 0)::int`,
      mqCompletate: sql<number>`coalesce(sum(${lavorazioniLastre.mqTotali}) filter (where ${completata}), 0)::float8`,
      volumeCompletate: sql<number>`coalesce(sum(${blocco.volumeNetto}) filter (where ${completata}), 0)::float8`,
    })
    .from(lavorazioniLastre)
    .innerJoin(blocco, eq(blocco.id, lavorazioniLastre.bloccoId))
    .where(filterWhere(blocco, companyId, filter));
  return row!;
}

export async function findJoined(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<LavorazioneLastreJoined | undefined> {
  const [row] = await joined(db, bloccoRefs(db, companyId))
    .where(scoped.inCompany(companyId, id))
    .limit(1);
  return row as LavorazioneLastreJoined | undefined;
}

export function lockInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<LavorazioneLastreRow | undefined> {
  return scoped.findForUpdate(db, companyId, id);
}

export function insert(
  db: DbOrTx,
  { companyId, ...values }: NewLavorazione,
): Promise<LavorazioneLastreRow> {
  return scoped.insert(db, companyId, values);
}

/** Updates the row only while its state is still `stato`; undefined when it moved meanwhile. */
export function updateInStato(
  db: DbOrTx,
  companyId: string,
  id: string,
  stato: string,
  values: Partial<NewLavorazione>,
): Promise<LavorazioneLastreRow | undefined> {
  return db
    .update(lavorazioniLastre)
    .set({ ...values, updatedAt: new Date() })
    .where(
      scoped.scope(companyId, eq(lavorazioniLastre.id, id), eq(lavorazioniLastre.stato, stato)),
    )
    .returning()
    .then((r) => r[0]);
}

/** A block's sawings, oldest first (genealogy). */
export function ofBlocco(db: DbOrTx, companyId: string, bloccoId: string) {
  return db
    .select({
      id: lavorazioniLastre.id,
      codice: lavorazioniLastre.codice,
      stato: lavorazioniLastre.stato,
      spessoreMm: lavorazioniLastre.spessoreMm,
    })
    .from(lavorazioniLastre)
    .where(scoped.scope(companyId, eq(lavorazioniLastre.bloccoId, bloccoId)))
    .orderBy(asc(lavorazioniLastre.createdAt), asc(lavorazioniLastre.id));
}

/** Code, state, the block's material and quarry of many sawings at once (photo cards, the code box). */
export function summaries(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const blocco = bloccoRefs(db, companyId);
  return db
    .select({
      id: lavorazioniLastre.id,
      codice: lavorazioniLastre.codice,
      stato: lavorazioniLastre.stato,
      blocco: blocco.codice,
      spessoreMm: lavorazioniLastre.spessoreMm,
      materiale: sql<string>`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${blocco.materialeId})`,
      cava: sql<
        string | null
      >`(select ${cave.nome} from ${cave} where ${cave.id} = ${blocco.cavaId})`,
    })
    .from(lavorazioniLastre)
    .innerJoin(blocco, eq(blocco.id, lavorazioniLastre.bloccoId))
    .where(scoped.scope(companyId, inArray(lavorazioniLastre.id, ids)));
}

/** The sawings of a quarry's blocks, as a subquery. */
export function idsInCava(companyId: string, cavaId: string): SQL {
  return sql`select ${lavorazioniLastre.id} from ${lavorazioniLastre} where ${companyScope(lavorazioniLastre, companyId, sql`${lavorazioniLastre.bloccoId} in (${bloccoIdsInCava(companyId, cavaId)})`)}`;
}
