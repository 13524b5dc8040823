import {
  BANCATA_STATO_LABELS,
  BANCATA_TRANSITIONS,
  type BancataFilter,
  type BancataStato,
} from '@gestcava/contracts';
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bancate, cave, materiali } from '../../db/schema/index.js';
import { cappedCount, orderByOf, rowsOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import type { StateMachine } from '../../lib/state-change.js';
import { totaliBlocchiBancataSql, volumeNettoSquadratiSql } from '../blocchi/blocchi.reads.js';
import type { BancataJoined, BancataRow } from './bancate.mapper.js';
import { companyScope } from '../../lib/company-table.js';

type NewBancata = typeof bancate.$inferInsert;

/** A bancata's states for `changeState` (lib/state-change.ts). */
export const BANCATA_STATES: StateMachine<typeof bancate, BancataStato> = {
  table: bancate,
  columns: {
    id: bancate.id,
    companyId: bancate.companyId,
    stato: bancate.stato,
    updatedAt: bancate.updatedAt,
  },
  transitions: BANCATA_TRANSITIONS,
  labels: BANCATA_STATO_LABELS,
  entityType: 'bancata',
  messages: {
    notFound: 'Bancata non trovata',
    stale: 'La bancata è stata modificata nel frattempo: ricarica e riprova',
  },
};

/** The yield at closing: the net volume of the bancata's squared blocchi (informi count by weight) over its gross volume, in %. */
export const resaChiusura = sql<number>`round(${volumeNettoSquadratiSql(bancate.id)} / nullif(${bancate.volumeLordo}, 0) * 100, 1)`;

function joined(db: DbOrTx) {
  return db
    .select({
      bancata: bancate,
      cava: { id: cave.id, nome: cave.nome },
      materiale: { id: materiali.id, nome: materiali.nome, densita: materiali.densita },
      blocchi: totaliBlocchiBancataSql(bancate.id),
    })
    .from(bancate)
    .innerJoin(cave, eq(cave.id, bancate.cavaId))
    .innerJoin(materiali, eq(materiali.id, bancate.materialeId));
}

/** Every list filter, always inside the company; `stati` narrows to some states (the blocco form's picker). */
function filterWhere(
  companyId: string,
  f: BancataFilter & { stati?: readonly BancataStato[] },
): SQL {
  const conditions: Array<SQL | undefined> = [companyScope(bancate, companyId)];
  if (f.q) {
    conditions.push(
      or(
        matchesSearch(bancate.codice, f.q),
        matchesSearch(bancate.fronte, f.q),
        matchesSearch(bancate.note, f.q),
      ),
    );
  }
  if (f.stato) conditions.push(eq(bancate.stato, f.stato));
  if (f.stati) conditions.push(inArray(bancate.stato, [...f.stati]));
  if (f.cavaId) conditions.push(eq(bancate.cavaId, f.cavaId));
  if (f.materialeId) conditions.push(eq(bancate.materialeId, f.materialeId));
  if (f.dal) conditions.push(gte(bancate.dataTaglio, f.dal));
  if (f.al) conditions.push(lte(bancate.dataTaglio, f.al));
  return and(...conditions)!;
}

/** The list's order (`sort=-field`), newest cut first by default. */
function orderOf(sort: string | undefined) {
  return orderByOf(
    sort,
    {
      codice: bancate.codice,
      dataTaglio: bancate.dataTaglio,
      volumeLordo: bancate.volumeLordo,
      stato: bancate.stato,
      createdAt: bancate.createdAt,
    },
    desc(bancate.dataTaglio),
    bancate.id,
  );
}

export async function listPage(
  db: DbOrTx,
  companyId: string,
  query: BancataFilter & { stati?: readonly BancataStato[] } & PageOpts,
) {
  const where = filterWhere(companyId, query);
  const order = orderOf(query.sort);
  const items = (await joined(db)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as BancataJoined[];
  const counted = await db.execute<{ n: number }>(
    sql`select ${cappedCount(sql`select 1 from ${bancate} where ${where}`)} as n`,
  );
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/** The filtered list in the list's order, a page at a time, for exports (a company has hundreds of bancate, not millions). */
export async function* batches(
  db: DbOrTx,
  companyId: string,
  filter: BancataFilter,
  sort: string | undefined,
  size = 500,
): AsyncGenerator<BancataJoined[]> {
  const where = filterWhere(companyId, filter);
  const order = orderOf(sort);
  for (let offset = 0; ; offset += size) {
    const rows = (await joined(db)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(offset)) as BancataJoined[];
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

export async function summary(db: DbOrTx, companyId: string, filter: BancataFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      volumeLordo: sql<number>`coalesce(sum(${bancate.volumeLordo}), 0)::float8`,
      pesoStimato: sql<number>`coalesce(sum(${bancate.pesoStimato}), 0)::float8`,
    })
    .from(bancate)
    .where(filterWhere(companyId, filter));
  return row!;
}

export async function findJoined(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<BancataJoined | undefined> {
  const [row] = await joined(db)
    .where(companyScope(bancate, companyId, eq(bancate.id, id)))
    .limit(1);
  return row as BancataJoined | undefined;
}

/** Locks the row for a change; `share` lets several blocchi be added at once but waits for a close. */
export function lockInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
  mode: 'update' | 'share' = 'update',
) {
  return db
    .select()
    .from(bancate)
    .where(companyScope(bancate, companyId, eq(bancate.id, id)))
    .for(mode === 'update' ? 'update' : 'share')
    .then((r) => r[0]);
}

/** Bancate whose code contains the text (a code search's candidates). */
export function searchCodice(db: DbOrTx, companyId: string, text: string, limit: number) {
  return db
    .select({ id: bancate.id, codice: bancate.codice })
    .from(bancate)
    .where(companyScope(bancate, companyId, matchesSearch(bancate.codice, text)))
    .orderBy(desc(bancate.codice))
    .limit(limit);
}

export function findByCodice(db: DbOrTx, companyId: string, codice: string) {
  return db
    .select({ id: bancate.id, codice: bancate.codice })
    .from(bancate)
    .where(companyScope(bancate, companyId, eq(bancate.codice, codice)))
    .limit(1)
    .then((r) => r[0]);
}

/** Code, material, state and quarry of many bancate at once (photo cards). */
export function summaries(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: bancate.id,
      codice: bancate.codice,
      stato: bancate.stato,
      materiale: materiali.nome,
      cava: cave.nome,
    })
    .from(bancate)
    .leftJoin(materiali, eq(materiali.id, bancate.materialeId))
    .leftJoin(cave, eq(cave.id, bancate.cavaId))
    .where(companyScope(bancate, companyId, inArray(bancate.id, ids)));
}

export function insert(db: DbOrTx, values: NewBancata): Promise<BancataRow> {
  return db
    .insert(bancate)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function updateInCompany(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<NewBancata>,
): Promise<BancataRow | undefined> {
  return db
    .update(bancate)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bancate.id, id), companyScope(bancate, companyId)))
    .returning()
    .then((r) => r[0]);
}

/** Deletes the row only while it is still in `stato` (the caller read it so under lock). */
export function deleteInStato(db: DbOrTx, companyId: string, id: string, stato: BancataStato) {
  return db
    .delete(bancate)
    .where(and(eq(bancate.id, id), companyScope(bancate, companyId), eq(bancate.stato, stato)));
}

/** The ids of a quarry's bancate, as a subquery (photos filtered by cava). */
export function idsInCava(companyId: string, cavaId: string): SQL {
  return sql`select ${bancate.id} from ${bancate} where ${companyScope(bancate, companyId, eq(bancate.cavaId, cavaId))}`;
}
