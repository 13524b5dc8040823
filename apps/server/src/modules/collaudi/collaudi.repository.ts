import {
  COLLAUDO_STATI_APERTI,
  COLLAUDO_STATO_LABELS,
  COLLAUDO_TRANSITIONS,
  type CollaudoFilter,
  type CollaudoStato,
} from '@gestcava/contracts';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clienti, collaudi, collaudoRighe } from '../../db/schema/index.js';
import { companyScope, companyTable } from '../../lib/company-table.js';
import type { Versioned } from '../../lib/preconditions.js';
import { matchesSearch } from '../../lib/search.js';
import { inline, ShapedStatement, type Binder } from '../../lib/shaped-sql.js';
import type { StateMachine } from '../../lib/state-change.js';
import {
  bloccoIdsConCodice,
  schedeCollaudo,
  schedeOfBlocchiIn,
  type SchedaCollaudo,
} from '../blocchi/blocchi.reads.js';

export type CollaudoRow = typeof collaudi.$inferSelect;
export type RigaRow = typeof collaudoRighe.$inferSelect;
type NewCollaudo = typeof collaudi.$inferInsert;
type NewRiga = typeof collaudoRighe.$inferInsert;

const c = collaudi;
const scoped = companyTable(collaudi);
const r = collaudoRighe;
const cl = clienti;

export const COLLAUDO_STATES: StateMachine<typeof collaudi, CollaudoStato> = {
  table: c,
  columns: { id: c.id, companyId: c.companyId, stato: c.stato, updatedAt: c.updatedAt },
  transitions: COLLAUDO_TRANSITIONS,
  labels: COLLAUDO_STATO_LABELS,
  entityType: 'collaudo',
  messages: {
    notFound: 'Collaudo non trovato',
    stale: 'Il collaudo è stato modificato nel frattempo: ricarica e riprova',
  },
};

/** A row's block with what the tablet and the verbale show beside the measures. */
export interface RigaJoined {
  riga: RigaRow;
  blocco: SchedaCollaudo;
}

export interface CollaudoJoined {
  collaudo: CollaudoRow;
  cliente: { id: string; ragioneSociale: string };
}

function joined(db: DbOrTx) {
  return db
    .select({ collaudo: c, cliente: { id: cl.id, ragioneSociale: cl.ragioneSociale } })
    .from(c)
    .innerJoin(cl, eq(cl.id, c.clienteId));
}

export function filterWhere(companyId: string, f: CollaudoFilter, bind: Binder = inline): SQL {
  const conditions: Array<SQL | undefined> = [];
  if (f.q) {
    const inBlocchi = sql`exists (select 1 from ${r} where ${r.collaudoId} = ${c.id} and ${r.bloccoId} in (${bloccoIdsConCodice(companyId, f.q, bind)}))`;
    conditions.push(
      or(
        matchesSearch(c.codice, f.q, bind),
        matchesSearch(cl.ragioneSociale, f.q, bind),
        inBlocchi,
      ),
    );
  }
  if (f.stato) conditions.push(eq(c.stato, bind('stato', f.stato)));
  if (f.clienteId) conditions.push(eq(c.clienteId, bind('clienteId', f.clienteId)));
  if (f.bloccoId)
    conditions.push(
      sql`exists (select 1 from ${r} where ${r.collaudoId} = ${c.id} and ${r.bloccoId} = ${bind('bloccoId', f.bloccoId)})`,
    );
  if (f.dal) conditions.push(gte(c.data, bind('dal', f.dal)));
  if (f.al) conditions.push(lte(c.data, bind('al', f.al)));
  return companyScope(c, bind('companyId', companyId), ...conditions);
}

/** Counts by state, and what the confirmed collaudi sold (the rows' stored figures). */
export async function summary(db: DbOrTx, companyId: string, filter: CollaudoFilter) {
  const venduta = sql`${c.stato} = 'confermato' and ${r.esito} in ('accettato', 'accettato_con_riserva')`;
  const perStato = await db
    .select({ stato: c.stato, n: sql<number>`count(*)::int` })
    .from(c)
    .innerJoin(cl, eq(cl.id, c.clienteId))
    .where(filterWhere(companyId, filter))
    .groupBy(c.stato);
  const [sold] = await db
    .select({
      blocchi: sql<number>`count(*)::int`,
      volume: sql<number>`coalesce(sum(${r.volumeNettoAccettato}), 0)::float8`,
      importo: sql<number>`coalesce(sum(${r.importo}), 0)::float8`,
    })
    .from(r)
    .innerJoin(c, eq(c.id, r.collaudoId))
    .innerJoin(cl, eq(cl.id, c.clienteId))
    .where(and(filterWhere(companyId, filter), venduta));
  return { perStato, sold: sold! };
}

const righeStatement = new ShapedStatement();

/**
 * Every row of the given collaudi with its block, in the order the blocks were added. The rows and
 * the cards of their blocks (from the blocks' module) are read at once, the cards by the collaudi's
 * ids: a row added between the two reads finds its card in one more statement, only then.
 */
export async function righeOf(
  db: DbOrTx,
  companyId: string,
  collaudoIds: readonly string[],
): Promise<Array<RigaJoined & { collaudoId: string }>> {
  if (collaudoIds.length === 0) return [];
  const ids = [...collaudoIds];
  // On two of the pool's connections; in a transaction they take turns on its one connection.
  const [righe, schede] = await Promise.all([
    righeStatement.select(db, '', (bind) => {
      // one text whatever the number of collaudi: their ids are one array value
      const of = sql`${r.collaudoId} = any(${bind('ids', ids)}::uuid[])`;
      return () => db.select().from(r).where(of).orderBy(asc(r.createdAt), asc(r.id));
    }) as Promise<RigaRow[]>,
    schedeOfBlocchiIn(
      db,
      companyId,
      'collaudi',
      (bind) =>
        sql`select ${r.bloccoId} from ${r} where ${r.collaudoId} = any(${bind('collaudi', ids)}::uuid[])`,
    ),
  ]);
  const late = righe.map((riga) => riga.bloccoId).filter((id) => !schede.has(id));
  for (const [id, scheda] of await schedeCollaudo(db, companyId, late)) schede.set(id, scheda);
  return righe.flatMap((riga) => {
    const blocco = schede.get(riga.bloccoId);
    return blocco ? [{ collaudoId: riga.collaudoId, riga, blocco }] : [];
  });
}

export async function findJoined(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<CollaudoJoined | undefined> {
  const [row] = await joined(db).where(scoped.inCompany(companyId, id)).limit(1);
  return row as CollaudoJoined | undefined;
}

/** The collaudo locked for a change of its rows or header: rows move only under this lock. */
export function lockInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<CollaudoRow | undefined> {
  return scoped.findForUpdate(db, companyId, id);
}

export function insert(
  db: DbOrTx,
  companyId: string,
  values: Omit<NewCollaudo, 'companyId'>,
): Promise<CollaudoRow> {
  return scoped.insert(db, companyId, values);
}

/** Updates the header only while its state is still `stato`; undefined when it moved meanwhile. */
export function updateInStato(
  db: DbOrTx,
  companyId: string,
  id: string,
  stato: string,
  values: Partial<NewCollaudo>,
): Promise<CollaudoRow | undefined> {
  return db
    .update(c)
    .set({ ...values, updatedAt: new Date() })
    .where(and(scoped.inCompany(companyId, id), eq(c.stato, stato)))
    .returning()
    .then((rows) => rows[0]);
}

/** Touches the header so its `updatedAt` says the rows changed. */
export async function touch(db: DbOrTx, id: string) {
  await db.update(c).set({ updatedAt: new Date() }).where(eq(c.id, id));
}

export function insertRiga(db: DbOrTx, values: NewRiga): Promise<RigaRow> {
  return db
    .insert(r)
    .values(values)
    .returning()
    .then((rows) => rows[0]!);
}

/** A row an `If-Match` names (lib/preconditions' `assertUnchanged`); its collaudo is checked in the company first. */
export const rigaVersion = (collaudoId: string, rigaId: string): Versioned => ({
  table: r,
  updatedAt: r.updatedAt,
  where: and(eq(r.collaudoId, collaudoId), eq(r.id, rigaId)),
});

export function findRiga(
  db: DbOrTx,
  collaudoId: string,
  rigaId: string,
): Promise<RigaRow | undefined> {
  return db
    .select()
    .from(r)
    .where(and(eq(r.collaudoId, collaudoId), eq(r.id, rigaId)))
    .then((rows) => rows[0]);
}

export function updateRiga(
  db: DbOrTx,
  collaudoId: string,
  rigaId: string,
  values: Partial<NewRiga>,
): Promise<RigaRow | undefined> {
  return db
    .update(r)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(r.collaudoId, collaudoId), eq(r.id, rigaId)))
    .returning()
    .then((rows) => rows[0]);
}

export function deleteRiga(
  db: DbOrTx,
  collaudoId: string,
  rigaId: string,
): Promise<RigaRow | undefined> {
  return db
    .delete(r)
    .where(and(eq(r.collaudoId, collaudoId), eq(r.id, rigaId)))
    .returning()
    .then((rows) => rows[0]);
}

/** The open collaudo holding a block, if any (for a clear 409). */
export function openCollaudoOfBlocco(
  db: DbOrTx,
  bloccoId: string,
): Promise<{ id: string; codice: string } | undefined> {
  return db
    .select({ id: c.id, codice: c.codice })
    .from(r)
    .innerJoin(c, eq(c.id, r.collaudoId))
    .where(and(eq(r.bloccoId, bloccoId), inArray(c.stato, [...COLLAUDO_STATI_APERTI])))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A cliente's collaudi, newest first (at most 200: its page shows the recent ones). */
export async function ofCliente(db: DbOrTx, companyId: string, clienteId: string) {
  return (await joined(db)
    .where(scoped.scope(companyId, eq(c.clienteId, clienteId)))
    .orderBy(desc(c.data), desc(c.id))
    .limit(200)) as CollaudoJoined[];
}
