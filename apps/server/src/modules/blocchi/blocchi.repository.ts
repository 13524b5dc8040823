import type { BloccoFilter, BloccoOrigine, BloccoStato } from '@gestcava/contracts';
import { aliasedTable, and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bancate, blocchi, blocchiSearchText, cave, clienti, fornitori, materiali, ubicazioni } from '../../db/schema/index.js';
import { cappedCount, containsPattern, orderByOf, rowsOf } from '../../lib/pagination.js';
import type { BloccoJoined } from './blocchi.mapper.js';

/** An option past its expiry counts as `disponibile` everywhere (DESIGN §4). */
export const statoEffettivo = sql<string>`(case when ${blocchi.stato} = 'opzionato' and ${blocchi.opzioneScadenza} <= now() then 'disponibile' else ${blocchi.stato} end)`;

/** `stato = X` on the effective state, written so the (company, origine, stato, created_at) index serves it. */
export function statoIs(stato: BloccoStato): SQL {
  if (stato === 'disponibile') {
    return or(eq(blocchi.stato, 'disponibile'), and(eq(blocchi.stato, 'opzionato'), lte(blocchi.opzioneScadenza, sql`now()`)))!;
  }
  if (stato === 'opzionato') return and(eq(blocchi.stato, 'opzionato'), gt(blocchi.opzioneScadenza, sql`now()`))!;
  return eq(blocchi.stato, stato);
}

const clienteRef = aliasedTable(clienti, 'cliente_ref');

function joined(db: DbOrTx) {
  return db
    .select({
      blocco: blocchi,
      statoEffettivo,
      bancata: { id: bancate.id, codice: bancate.codice },
      cava: { id: cave.id, nome: cave.nome },
      fornitore: { id: fornitori.id, ragioneSociale: fornitori.ragioneSociale },
      materiale: { id: materiali.id, nome: materiali.nome, densita: materiali.densita },
      ubicazione: { id: ubicazioni.id, nome: ubicazioni.nome },
      cliente: { id: clienteRef.id, ragioneSociale: clienteRef.ragioneSociale },
    })
    .from(blocchi)
    .innerJoin(materiali, eq(materiali.id, blocchi.materialeId))
    .leftJoin(bancate, eq(bancate.id, blocchi.bancataId))
    .leftJoin(cave, eq(cave.id, blocchi.cavaId))
    .leftJoin(fornitori, eq(fornitori.id, blocchi.fornitoreId))
    .leftJoin(ubicazioni, eq(ubicazioni.id, blocchi.ubicazioneId))
    .leftJoin(clienteRef, eq(clienteRef.id, blocchi.clienteId));
}

/** Every list filter, always inside the company and the route's origine. */
export function filterWhere(companyId: string, origine: BloccoOrigine, f: BloccoFilter): SQL {
  const conditions: Array<SQL | undefined> = [eq(blocchi.companyId, companyId), eq(blocchi.origine, origine)];
  if (f.q) {
    conditions.push(sql`${blocchiSearchText(blocchi)} ilike ${containsPattern(f.q)}`);
  }
  if (f.stato) conditions.push(statoIs(f.stato));
  if (f.cavaId) conditions.push(eq(blocchi.cavaId, f.cavaId));
  if (f.materialeId) conditions.push(eq(blocchi.materialeId, f.materialeId));
  if (f.scelta) conditions.push(eq(blocchi.scelta, f.scelta));
  if (f.categoria) conditions.push(eq(blocchi.categoria, f.categoria));
  if (f.bancataId) conditions.push(eq(blocchi.bancataId, f.bancataId));
  if (f.fornitoreId) conditions.push(eq(blocchi.fornitoreId, f.fornitoreId));
  if (f.ubicazioneId) conditions.push(eq(blocchi.ubicazioneId, f.ubicazioneId));
  // Dates are days in Italy's calendar: from the start of `dal` to the end of `al`.
  if (f.dal) conditions.push(gte(blocchi.createdAt, sql`(${f.dal}::date)::timestamp at time zone 'Europe/Rome'`));
  if (f.al) conditions.push(lt(blocchi.createdAt, sql`(${f.al}::date + 1)::timestamp at time zone 'Europe/Rome'`));
  return and(...conditions)!;
}

const SORT_COLUMNS = {
  codice: blocchi.codice,
  createdAt: blocchi.createdAt,
  volumeLordo: blocchi.volumeLordo,
  volumeNetto: blocchi.volumeNetto,
  pesoTeorico: blocchi.pesoTeorico,
  stato: blocchi.stato,
  scelta: blocchi.scelta,
};

/** The two statements of a list page; the benchmark runs the same ones raw (QUALITY P1). */
export function listQueries(db: DbOrTx, where: SQL, opts: { sort?: string; page: number; limit: number }) {
  const order = orderByOf(opts.sort ?? '-createdAt', SORT_COLUMNS, desc(blocchi.createdAt), blocchi.id);
  return {
    items: joined(db)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    count: sql`select ${cappedCount(sql`select 1 from ${blocchi} where ${where}`)} as n`,
  };
}

export async function listPage(db: DbOrTx, where: SQL, opts: { sort?: string; page: number; limit: number }) {
  const queries = listQueries(db, where, opts);
  const items = (await queries.items) as BloccoJoined[];
  const counted = await db.execute<{ n: number }>(queries.count);
  return { items, counted: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}

/** Keyset batches in creation order for exports: each query is short, the event loop breathes between them. */
export async function* batches(db: DbOrTx, where: SQL, size = 1000): AsyncIterable<BloccoJoined[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = (await joined(db)
      .where(
        after
          ? and(where, or(gt(blocchi.createdAt, after.createdAt), and(eq(blocchi.createdAt, after.createdAt), gt(blocchi.id, after.id))))
          : where,
      )
      .orderBy(asc(blocchi.createdAt), asc(blocchi.id))
      .limit(size)) as BloccoJoined[];
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1]!.blocco;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < size) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function summary(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      volumeLordo: sql<number>`coalesce(sum(${blocchi.volumeLordo}), 0)::float8`,
      volumeNetto: sql<number>`coalesce(sum(${blocchi.volumeNetto}), 0)::float8`,
      pesoT: sql<number>`coalesce(sum(${blocchi.pesoTeorico}), 0)::float8`,
    })
    .from(blocchi)
    .where(where);
  return row!;
}

export async function findJoined(db: DbOrTx, companyId: string, origine: BloccoOrigine | null, id: string) {
  const [row] = await joined(db)
    .where(and(eq(blocchi.companyId, companyId), eq(blocchi.id, id), origine ? eq(blocchi.origine, origine) : undefined))
    .limit(1);
  return row as BloccoJoined | undefined;
}

/** The row locked for a change, with its effective state. */
export async function lockInCompany(db: DbOrTx, companyId: string, origine: BloccoOrigine, id: string) {
  const [row] = await db
    .select({ blocco: blocchi, statoEffettivo })
    .from(blocchi)
    .where(and(eq(blocchi.companyId, companyId), eq(blocchi.id, id), eq(blocchi.origine, origine)))
    .for('update');
  return row;
}

export function findByCodice(db: DbOrTx, companyId: string, codice: string) {
  return db
    .select({ id: blocchi.id, codice: blocchi.codice, origine: blocchi.origine })
    .from(blocchi)
    .where(and(eq(blocchi.companyId, companyId), eq(blocchi.codice, codice)))
    .limit(1)
    .then((r) => r[0]);
}
