import {
  type BloccoFilter,
  type BloccoListItem,
  type BloccoOrigine,
  type BloccoStato,
} from '@gestcava/contracts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inArray, desc, eq, gte, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  optionExpired as optionExpiredOf,
  optionInScadenza,
  optionLapsed as optionLapsedOf,
  statoEffettivoOf,
} from '../../lib/blocco-stato.js';
import { companyScope } from '../../lib/company-table.js';
import type { CountCache } from '../../lib/count-cache.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { blocchi, cave, clienti, fornitori, materiali, ubicazioni } from '../../db/schema/index.js';
import { cappedCount, orderByOf, type PageOpts } from '../../lib/pagination.js';
import { pesoBaseSql, pesoBloccoSql } from '../../lib/peso-blocco.js';
import { matchesSearch, matchesStoredSearch } from '../../lib/search.js';
import { inline, ShapedStatement, type Binder } from '../../lib/shaped-sql.js';
import { frozen, isoUtc } from '../../lib/sql.js';
import { bancataRefJsonSql } from '../bancate/bancate.reads.js';

/*
 * The blocks' list: the effective state, the filters, the page built as JSON by PostgreSQL, its
 * count and totals. The repository (blocchi.repository.ts) re-exports it with the rows' reads and writes.
 */
// Frozen (lib/sql.ts): every list filter by state renders them; they are only ever conditions.
const optionLapsed = frozen(optionLapsedOf(blocchi));
export const optionExpired = frozen(optionExpiredOf(blocchi));

/** An option past its expiry counts as `disponibile` everywhere (docs/domain.md). */
export const statoEffettivo = statoEffettivoOf(blocchi);

// The two states whose condition is more than `stato = X`, as constant text (lib/sql.ts).
const disponibileIs = frozen(
  sql`(${blocchi.stato} = 'disponibile' or (${blocchi.stato} = 'opzionato' and ${optionLapsed}))`,
);
const opzionatoIs = frozen(
  sql`(${blocchi.stato} = 'opzionato' and ${blocchi.opzioneScadenza} >= ${todayInRomeSql})`,
);

/** `stato = X` on the effective state, written so the (company, origine, stato, created_at) index serves it. */
export function statoIs(stato: BloccoStato, bind: Binder = inline): SQL {
  if (stato === 'disponibile') return disponibileIs;
  if (stato === 'opzionato') return opzionatoIs;
  return eq(blocchi.stato, bind('stato', stato));
}

/** A list filter with the materials its search text names (`withMaterialiDelTesto`). */
export type BloccoSearch = BloccoFilter & { materialiDelTesto?: readonly string[] };

/**
 * The filter with the ids of the company's materials whose name contains its search text (a handful
 * of rows). Kept between requests like the list's total (`materiali` notifies the same channel as
 * `blocchi`): read first, it made every search wait at the pool twice (docs/performance.md "The
 * collaudi list and the dashboard, one statement each").
 */
export async function withMaterialiDelTesto<F extends BloccoFilter>(
  db: DbOrTx,
  counts: CountCache,
  companyId: string,
  f: F,
): Promise<F & BloccoSearch> {
  const { q } = f;
  if (!q) return f;
  const ids = await counts.get(JSON.stringify(['materialiDelTesto', companyId, q]), async () =>
    (
      await db
        .select({ id: materiali.id })
        .from(materiali)
        .where(companyScope(materiali, companyId, matchesSearch(materiali.nome, q)))
    ).map((r) => r.id),
  );
  return { ...f, materialiDelTesto: ids };
}

/**
 * Every list filter, always inside the company and the route's origine (both with `origine: 'tutte'`).
 * Each value goes through `bind`: the list's statements are kept per shape (lib/shaped-sql.ts).
 */
export function filterWhere(
  companyId: string,
  origine: BloccoOrigine,
  f: BloccoSearch,
  bind: Binder = inline,
): SQL {
  const conditions: Array<SQL | undefined> = [
    f.origine === 'tutte' ? undefined : eq(blocchi.origine, bind('origine', origine)),
  ];
  if (f.q) conditions.push(searchCondition(f.q, f.materialiDelTesto, bind));
  if (f.stato) conditions.push(statoIs(f.stato, bind));
  conditions.push(...equalities(f, bind));
  // Dates are days in Italy's calendar: from the start of `dal` to the end of `al`.
  // By the production date, as the dashboard and the reports count; a bought-in
  // block's is the day it was entered.
  if (f.dal) conditions.push(gte(blocchi.dataRiquadratura, bind('dal', f.dal)));
  if (f.al) conditions.push(lte(blocchi.dataRiquadratura, bind('al', f.al)));
  if (f.inScadenza) conditions.push(optionInScadenza(blocchi));
  conditions.push(...ranges(f, bind));
  return companyScope(blocchi, bind('companyId', companyId), ...conditions);
}

/**
 * The stored text (code, numero fornitore, tracciabilità, note) or the material's name: the
 * materials' ids are values of their own, so the planner ORs the trigram index with
 * blocchi_materiale_idx, and a search that names no material is the trigram path alone (docs/performance.md).
 */
function searchCondition(q: string, materiali: readonly string[] | undefined, bind: Binder): SQL {
  const text = matchesStoredSearch(blocchi.searchText, q, bind);
  if (!materiali?.length) return text;
  return or(
    text,
    inArray(
      blocchi.materialeId,
      materiali.map((id, i) => bind(`m${i}`, id)),
    ),
  )!;
}

function equalities(f: BloccoSearch, bind: Binder): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, column] of EQUALITY_FILTERS) {
    const value = f[name];
    if (value) conditions.push(eq(column, bind(name, value)));
  }
  // A lapsed option no longer names its customer (as in the rows the list shows).
  if (f.clienteId) conditions.push(sql`not ${optionExpired}`);
  return conditions;
}

const EQUALITY_FILTERS = [
  ['cavaId', blocchi.cavaId],
  ['materialeId', blocchi.materialeId],
  ['scelta', blocchi.scelta],
  ['categoria', blocchi.categoria],
  ['bancataId', blocchi.bancataId],
  ['fornitoreId', blocchi.fornitoreId],
  ['ubicazioneId', blocchi.ubicazioneId],
  ['clienteId', blocchi.clienteId],
] as const satisfies ReadonlyArray<readonly [keyof BloccoSearch, PgColumn]>;

function ranges(f: BloccoSearch, bind: Binder): SQL[] {
  const conditions: SQL[] = [];
  if (f.volumeMin !== undefined)
    conditions.push(gte(blocchi.volumeNetto, bind('volumeMin', f.volumeMin)));
  if (f.volumeMax !== undefined)
    conditions.push(lte(blocchi.volumeNetto, bind('volumeMax', f.volumeMax)));
  if (f.prezzoMin !== undefined)
    conditions.push(gte(blocchi.prezzoListino, bind('prezzoMin', f.prezzoMin)));
  if (f.prezzoMax !== undefined)
    conditions.push(lte(blocchi.prezzoListino, bind('prezzoMax', f.prezzoMax)));
  return conditions;
}

export const SORT_COLUMNS = {
  codice: blocchi.codice,
  createdAt: blocchi.createdAt,
  volumeLordo: blocchi.volumeLordo,
  volumeNetto: blocchi.volumeNetto,
  // the weight the list shows and sums: the weighbridge, else theoretical
  peso: pesoBloccoSql(blocchi),
  pesoTeorico: blocchi.pesoTeorico,
  stato: blocchi.stato,
  scelta: blocchi.scelta,
};

/** The row `id` points to, as the JSON `subquery` reads; null without one (the case skips the read: no fornitore on own blocks). */
function refOrNull(id: PgColumn, subquery: SQL): SQL {
  return sql`case when ${id} is null then null else ${subquery} end`;
}

/** The lookup row `id` points to, as `object` (a reference table this list may join). */
function refJson(id: PgColumn, table: PgTable, pk: PgColumn, object: SQL): SQL {
  return refOrNull(id, sql`(select ${object} from ${table} where ${pk} = ${id})`);
}

/**
 * A list row (`BloccoListItem`) built by PostgreSQL as JSON. PGlite decodes every field of every
 * row in JavaScript; one JSON value per page is parsed natively and cost a third of the same rows
 * as columns (docs/performance.md). The rules are the detail's (toBloccoDto): the effective state,
 * and an expired option names no customer and no expiry.
 */
const listItemJson = frozen(sql`json_build_object(
  '_id', ${blocchi.id},
  'codice', ${blocchi.codice},
  'origine', ${blocchi.origine},
  'bancata', ${refOrNull(blocchi.bancataId, bancataRefJsonSql(blocchi.bancataId))},
  'cava', ${refJson(blocchi.cavaId, cave, cave.id, sql`json_build_object('_id', ${cave.id}, 'nome', ${cave.nome})`)},
  'fornitore', ${refJson(blocchi.fornitoreId, fornitori, fornitori.id, sql`json_build_object('_id', ${fornitori.id}, 'ragioneSociale', ${fornitori.ragioneSociale})`)},
  'numeroFornitore', ${blocchi.numeroFornitore},
  'dataAcquisto', ${blocchi.dataAcquisto},
  'materiale', ${refJson(blocchi.materialeId, materiali, materiali.id, sql`json_build_object('_id', ${materiali.id}, 'nome', ${materiali.nome}, 'densita', ${materiali.densita})`)},
  'scelta', ${blocchi.scelta},
  'categoria', ${blocchi.categoria},
  'difettoso', ${blocchi.difettoso},
  'lunghezzaNetta', ${blocchi.lunghezzaNetta},
  'altezzaNetta', ${blocchi.altezzaNetta},
  'profonditaNetta', ${blocchi.profonditaNetta},
  'volumeLordo', ${blocchi.volumeLordo},
  'volumeNetto', ${blocchi.volumeNetto},
  'peso', json_build_object('t', ${pesoBloccoSql(blocchi)}::float8, 'base', ${pesoBaseSql(blocchi)}),
  'pesoPesa', ${blocchi.pesoPesa}::float8,
  'dataPesata', ${blocchi.dataPesata},
  'numeroPesata', ${blocchi.numeroPesata},
  'ubicazione', ${refJson(blocchi.ubicazioneId, ubicazioni, ubicazioni.id, sql`json_build_object('_id', ${ubicazioni.id}, 'nome', ${ubicazioni.nome})`)},
  'prezzoListino', ${blocchi.prezzoListino},
  'unitaPrezzo', ${blocchi.unitaPrezzo},
  'cliente', case when ${optionExpired} then null else ${refJson(blocchi.clienteId, clienti, clienti.id, sql`json_build_object('_id', ${clienti.id}, 'ragioneSociale', ${clienti.ragioneSociale})`)} end,
  'opzioneScadenza', case when ${optionExpired} then null else ${blocchi.opzioneScadenza} end,
  'stato', ${statoEffettivo},
  'createdAt', ${isoUtc(blocchi.createdAt)}
)`);

/** The page's ids first, then the row objects for those ids only: skipped rows cost an index entry. */
function itemsQuery(db: DbOrTx, where: SQL, opts: PageOpts, bind: Binder = inline): () => SQL {
  // placed now, so a kept shape still records the page's values; built only when asked
  const limit = bind('limit', opts.limit);
  const offset = bind('offset', (opts.page - 1) * opts.limit);
  return () => itemsStatement(db, where, opts.sort, limit, offset);
}

function itemsStatement(
  db: DbOrTx,
  where: SQL,
  sort: string | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
): SQL {
  const order = orderByOf(sort ?? '-createdAt', SORT_COLUMNS, desc(blocchi.createdAt), blocchi.id);
  const pageIds = db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return sql`select coalesce(json_agg(${listItemJson} order by ${sql.join(order, sql`, `)}), '[]'::json) as items from ${blocchi} where ${inArray(blocchi.id, pageIds)}`;
}

const countQuery = (where: SQL): SQL =>
  sql`select ${cappedCount(sql`select 1 from ${blocchi} where ${where}`)} as n`;

type ListQuery = BloccoSearch & PageOpts;

/** A list page's statement with its values inline; the benchmark runs it raw (docs/quality.md P1). */
export function listPageQuery(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  query: ListQuery,
): SQL {
  return itemsQuery(db, filterWhere(companyId, origine, query), query)();
}

/**
 * What a filter's values do not tell of its statement's text (lib/shaped-sql.ts): the order, and
 * the conditions that bind no value (the two states written out, the options about to lapse).
 */
const shapeOf = (query: BloccoSearch & { sort?: string }) =>
  `${query.sort ?? ''}|${query.stato ?? ''}|${query.inScadenza ? 1 : 0}`;

const pageStatement = new ShapedStatement();
const countStatement = new ShapedStatement();

export async function listItems(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  query: ListQuery,
): Promise<BloccoListItem[]> {
  const [page] = await pageStatement.rows<{ items: BloccoListItem[] }>(
    db,
    shapeOf(query),
    (bind) => {
      const where = filterWhere(companyId, origine, query, bind);
      return itemsQuery(db, where, query, bind);
    },
  );
  return page?.items ?? [];
}

export async function countMatching(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  filter: BloccoSearch,
): Promise<number> {
  const [counted] = await countStatement.rows<{ n: number }>(db, shapeOf(filter), (bind) => {
    const where = filterWhere(companyId, origine, filter, bind);
    return () => countQuery(where);
  });
  return counted?.n ?? 0;
}

export async function summary(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  filter: BloccoSearch,
) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      informi: sql<number>`(count(*) filter (where ${blocchi.categoria} = 'informe'))::int`,
      // informi count by weight, not in the squared m³ (docs/api.md)
      volumeLordo: sql<number>`coalesce(sum(${blocchi.volumeLordo}) filter (where ${blocchi.categoria} <> 'informe'), 0)::float8`,
      volumeNetto: sql<number>`coalesce(sum(${blocchi.volumeNetto}) filter (where ${blocchi.categoria} <> 'informe'), 0)::float8`,
      // the one weight rule (weighbridge, else net m³ × density), as every other screen sums it
      pesoT: sql<number>`coalesce(sum(${pesoBloccoSql(blocchi)}), 0)::float8`,
      informiT: sql<number>`coalesce(sum(${pesoBloccoSql(blocchi)}) filter (where ${blocchi.categoria} = 'informe'), 0)::float8`,
    })
    .from(blocchi)
    .where(filterWhere(companyId, origine, filter));
  return row!;
}
