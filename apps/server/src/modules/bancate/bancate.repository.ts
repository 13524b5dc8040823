import type { BancataFilter } from '@gestcava/contracts';
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bancate, blocchi, cave, materiali } from '../../db/schema/index.js';
import { cappedCount, containsPattern, orderByOf, rowsOf } from '../../lib/pagination.js';
import type { BancataJoined, BlocchiTotals } from './bancate.mapper.js';

/** Totals of a bancata's blocchi in one correlated subquery (uses the bancata_id index). */
const blocchiTotals = sql<BlocchiTotals>`(
  select json_build_object(
    'count', count(*)::int,
    'volumeLordo', coalesce(sum(${blocchi.volumeLordo}), 0)::float8,
    'volumeNetto', coalesce(sum(${blocchi.volumeNetto}), 0)::float8,
    'pesoT', coalesce(sum(${blocchi.pesoTeorico}), 0)::float8)
  from ${blocchi} where ${blocchi.bancataId} = ${bancate.id})`;

function joined(db: DbOrTx) {
  return db
    .select({
      bancata: bancate,
      cava: { id: cave.id, nome: cave.nome },
      materiale: { id: materiali.id, nome: materiali.nome, densita: materiali.densita },
      blocchi: blocchiTotals,
    })
    .from(bancate)
    .innerJoin(cave, eq(cave.id, bancate.cavaId))
    .innerJoin(materiali, eq(materiali.id, bancate.materialeId));
}

export function filterWhere(companyId: string, f: BancataFilter): SQL {
  const conditions: Array<SQL | undefined> = [eq(bancate.companyId, companyId)];
  if (f.q) {
    const p = containsPattern(f.q);
    conditions.push(or(ilike(bancate.codice, p), ilike(bancate.fronte, p), ilike(bancate.note, p)));
  }
  if (f.stato) conditions.push(eq(bancate.stato, f.stato));
  if (f.cavaId) conditions.push(eq(bancate.cavaId, f.cavaId));
  if (f.materialeId) conditions.push(eq(bancate.materialeId, f.materialeId));
  if (f.dal) conditions.push(gte(bancate.dataTaglio, f.dal));
  if (f.al) conditions.push(lte(bancate.dataTaglio, f.al));
  return and(...conditions)!;
}

export async function listPage(db: DbOrTx, where: SQL, opts: { sort?: string; page: number; limit: number }) {
  const order = orderByOf(
    opts.sort,
    { codice: bancate.codice, dataTaglio: bancate.dataTaglio, volumeLordo: bancate.volumeLordo, stato: bancate.stato, createdAt: bancate.createdAt },
    desc(bancate.dataTaglio),
    bancate.id,
  );
  const items = (await joined(db)
    .where(where)
    .orderBy(...order)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)) as BancataJoined[];
  const counted = await db.execute<{ n: number }>(sql`select ${cappedCount(sql`select 1 from ${bancate} where ${where}`)} as n`);
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

export async function summary(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      volumeLordo: sql<number>`coalesce(sum(${bancate.volumeLordo}), 0)::float8`,
      pesoStimato: sql<number>`coalesce(sum(${bancate.pesoStimato}), 0)::float8`,
    })
    .from(bancate)
    .where(where);
  return row!;
}

export async function findJoined(db: DbOrTx, companyId: string, id: string): Promise<BancataJoined | undefined> {
  const [row] = await joined(db).where(and(eq(bancate.companyId, companyId), eq(bancate.id, id))).limit(1);
  return row as BancataJoined | undefined;
}

/** Locks the row for a change; `share` lets several blocchi be added at once but waits for a close. */
export function lockInCompany(db: DbOrTx, companyId: string, id: string, mode: 'update' | 'share' = 'update') {
  return db
    .select()
    .from(bancate)
    .where(and(eq(bancate.companyId, companyId), eq(bancate.id, id)))
    .for(mode === 'update' ? 'update' : 'share')
    .then((r) => r[0]);
}

export function findByCodice(db: DbOrTx, companyId: string, codice: string) {
  return db
    .select({ id: bancate.id, codice: bancate.codice })
    .from(bancate)
    .where(and(eq(bancate.companyId, companyId), eq(bancate.codice, codice)))
    .limit(1)
    .then((r) => r[0]);
}

/** Code, material, state and quarry of many bancate at once (photo cards). */
export function summaries(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: bancate.id, codice: bancate.codice, stato: bancate.stato, materiale: materiali.nome, cava: cave.nome })
    .from(bancate)
    .leftJoin(materiali, eq(materiali.id, bancate.materialeId))
    .leftJoin(cave, eq(cave.id, bancate.cavaId))
    .where(and(eq(bancate.companyId, companyId), inArray(bancate.id, ids)));
}
