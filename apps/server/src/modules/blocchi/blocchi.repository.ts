import {
  BLOCCO_STATI,
  BLOCCO_STATO_LABELS,
  BLOCCO_TRANSITIONS,
  type BloccoOrigine,
  type BloccoSort,
  type BloccoStato,
} from '@gestcava/contracts';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocchi, materiali } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { rowsOf } from '../../lib/pagination.js';
import { versionIn } from '../../lib/preconditions.js';
import { matchesStoredSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import type { StateMachine } from '../../lib/state-change.js';
import {
  pavimentiApertiDelBloccoSql,
  pavimentiApertiSuSql,
} from '../lavorazioni-pavimenti/lavorazioni-pavimenti.reads.js';
import {
  segagioneApertaSuSql,
  segagioniAperteDelBloccoSql,
} from '../lavorazioni-lastre/lavorazioni-lastre.reads.js';
import { joined, nest } from './blocchi.joined.js';
import type { BloccoJoined, BloccoRow } from './blocchi.mapper.js';
import {
  filterWhere,
  optionExpired,
  SORT_COLUMNS,
  statoEffettivo,
  statoIs,
  type BloccoSearch,
} from './blocchi.list.js';

// The list's queries live in blocchi.list.ts; callers keep reading them here.
export {
  countMatching,
  listItems,
  listPageQuery,
  statoEffettivo,
  statoIs,
  summary,
  withMaterialiDelTesto,
  type BloccoSearch,
} from './blocchi.list.js';

// A block's own reads live in blocchi.joined.ts; callers keep reading them here.
export { findDetail, findJoined, readableGuard } from './blocchi.joined.js';

type NewBlocco = typeof blocchi.$inferInsert;

/** The advisory lock that lets one instance at a time sweep expired options. */
const SWEEP_LOCK = 726_401;

/**
 * A blocco's states for `changeState` (lib/state-change.ts), one machine per mover: the user's
 * `manual` moves, or every move for the modules that cause the others (`system`, see canMoveBlocco).
 */
function bloccoStates(by: 'manual' | 'system'): StateMachine<typeof blocchi, BloccoStato> {
  const transitions = Object.fromEntries(
    BLOCCO_STATI.map((s) => [
      s,
      by === 'manual'
        ? BLOCCO_TRANSITIONS[s].manual
        : [...BLOCCO_TRANSITIONS[s].manual, ...BLOCCO_TRANSITIONS[s].system],
    ]),
  ) as Record<BloccoStato, readonly BloccoStato[]>;
  return {
    table: blocchi,
    columns: {
      id: blocchi.id,
      companyId: blocchi.companyId,
      stato: blocchi.stato,
      updatedAt: blocchi.updatedAt,
    },
    effectiveStato: statoEffettivo,
    transitions,
    labels: BLOCCO_STATO_LABELS,
    entityType: 'blocco',
    messages: {
      notFound: 'Blocco non trovato',
      stale: 'Il blocco è stato modificato nel frattempo: ricarica e riprova',
    },
  };
}
export const BLOCCO_STATES = { manual: bloccoStates('manual'), system: bloccoStates('system') };

/** The route's origine as a condition on the row; null: either. */
export const origineIs = (origine: BloccoOrigine | null): SQL | undefined =>
  origine ? eq(blocchi.origine, origine) : undefined;

/**
 * Keyset batches in the list's order (`sort`, the list's default without one) for exports: each
 * query is short, the event loop breathes between them. Every sort column is NOT NULL, and the
 * cursor is the last row's own values read by id, so no value makes the round trip through JavaScript.
 */
export async function* batches(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  filter: BloccoSearch,
  sort: BloccoSort = '-createdAt',
  size = 1000,
): AsyncIterable<BloccoJoined[]> {
  const where = filterWhere(companyId, origine, filter);
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS];
  const order = descending ? [desc(column), desc(blocchi.id)] : [asc(column), asc(blocchi.id)];
  let afterId: string | null = null;
  for (;;) {
    const after: SQL | undefined = afterId
      ? sql`(${column}, ${blocchi.id}) ${descending ? sql`<` : sql`>`} (select ${column}, ${blocchi.id} from ${blocchi} where ${blocchi.id} = ${afterId})`
      : undefined;
    const page: BloccoJoined[] = (
      await joined(db)
        .where(and(where, after))
        .orderBy(...order)
        .limit(size)
    ).map(nest);
    if (page.length === 0) return;
    yield page;
    afterId = page[page.length - 1]!.blocco.id;
    if (page.length < size) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The block an `If-Match` names (lib/preconditions' `assertUnchanged`). */
export const versionOf = (companyId: string, origine: BloccoOrigine | null, id: string) =>
  versionIn(blocchi, companyId, id, origineIs(origine));

export async function lockInCompany(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine | null,
  id: string,
) {
  const [row] = await db
    .select({ blocco: blocchi, statoEffettivo })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id), origineIs(origine)))
    .for('no key update');
  return row;
}

/**
 * The open job (a sawing or a tile cut not yet completed or cancelled) that uses a block, if any: such a
 * block may not leave the company, or the job would be left waiting for a block that is gone.
 */
export async function lavorazioneAperta(db: DbOrTx, companyId: string, bloccoId: string) {
  type Job = { tipo: 'segagione' | 'pavimenti'; codice: string; stato: string };
  const result = await db.execute<Job>(sql`
    (select 'segagione' as tipo, s.codice, s.stato from (${segagioniAperteDelBloccoSql(companyId, bloccoId)}) s)
    union all
    (select 'pavimenti' as tipo, p.codice, p.stato from (${pavimentiApertiDelBloccoSql(companyId, bloccoId)}) p)
    limit 1`);
  return rowsOf<Job>(result)[0];
}

/**
 * No open sawing or tile cut of its company uses the block, as each lavorazione's reads say: a picker
 * never offers one that is taken, since a collaudo, a transfer or a second job would refuse it
 * (`lavorazioneAperta`) or orphan the job, and the demo sells and transfers only these.
 */
export const senzaLavorazioneAperta = sql`not ${segagioneApertaSuSql(outer(blocchi.id), outer(blocchi.companyId))}
  and not ${pavimentiApertiSuSql(outer(blocchi.id), outer(blocchi.companyId))}`;

/**
 * `disponibile` blocks of both origini (an expired option included), by code, that no open lavorazione
 * uses, for other modules' pickers; with `opzionatiPer`, those optioned for that cliente as well.
 */
export function disponibili(
  db: DbOrTx,
  companyId: string,
  opts: { q?: string; limit: number; opzionatiPer?: string },
) {
  return db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      origine: blocchi.origine,
      materialeId: blocchi.materialeId,
      materialeNome: sql<string>`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${blocchi.materialeId})`,
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
      volumeNetto: blocchi.volumeNetto,
      scelta: blocchi.scelta,
      stato: statoEffettivo,
      opzioneScadenza: blocchi.opzioneScadenza,
    })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        opts.opzionatiPer
          ? or(
              statoIs('disponibile'),
              and(statoIs('opzionato'), eq(blocchi.clienteId, opts.opzionatiPer)),
            )
          : statoIs('disponibile'),
        opts.q ? matchesStoredSearch(blocchi.searchText, opts.q) : undefined,
        senzaLavorazioneAperta,
      ),
    )
    .orderBy(asc(blocchi.codice), asc(blocchi.id))
    .limit(opts.limit);
}

export function insert(db: DbOrTx, values: NewBlocco): Promise<BloccoRow> {
  return db
    .insert(blocchi)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function updateInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<NewBlocco>,
): Promise<BloccoRow | undefined> {
  return db
    .update(blocchi)
    .set({ ...values, updatedAt: new Date() })
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id)))
    .returning()
    .then((r) => r[0]);
}

/** Updates the row only while its stored state is still `stato`; undefined when it moved meanwhile. */
export function updateInStato(
  db: DbOrTx,
  companyId: string,
  id: string,
  stato: string,
  values: Partial<NewBlocco>,
): Promise<BloccoRow | undefined> {
  return db
    .update(blocchi)
    .set({ ...values, updatedAt: new Date() })
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id), eq(blocchi.stato, stato)))
    .returning()
    .then((r) => r[0]);
}

/** Deletes the row only while its stored state is still `stato` (the caller read it so under lock). */
export function deleteInStato(db: DbOrTx, companyId: string, id: string, stato: string) {
  return db
    .delete(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id), eq(blocchi.stato, stato)));
}

/**
 * Writes every expired option back to `disponibile`, in all companies (a maintenance sweep), and
 * returns the blocchi it freed; null when another instance holds the sweep (advisory lock).
 */
export async function expireOptions(
  tx: DbOrTx,
): Promise<Array<{ id: string; companyId: string }> | null> {
  const lock = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`,
  );
  if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return null;
  // in id order first, as a transfer locks its blocks, so the two wait in line instead of deadlocking
  await tx
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(optionExpired)
    .orderBy(blocchi.id)
    .for('no key update');
  return tx
    .update(blocchi)
    .set({ stato: 'disponibile', clienteId: null, opzioneScadenza: null, updatedAt: new Date() })
    .where(optionExpired)
    .returning({ id: blocchi.id, companyId: blocchi.companyId });
}
