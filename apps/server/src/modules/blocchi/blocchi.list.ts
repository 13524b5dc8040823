import {
  type BloccoFilter,
  type BloccoListItem,
  type BloccoOrigine,
  type BloccoStato,
} from '@gestcava/contracts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { and, inArray, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  optionExpired as optionExpiredOf,
  optionInScadenza,
  optionLapsed as optionLapsedOf,
  statoEffettivoOf,
} from '../../lib/blocco-stato.js';
import { companyScope } from '../../lib/company-table.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { blocchi, cave, clienti, fornitori, materiali, ubicazioni } from '../../db/schema/index.js';
import { cappedCount, orderByOf, rowsOf, type PageOpts } from '../../lib/pagination.js';
import { pesoBaseSql, pesoBloccoSql } from '../../lib/peso-blocco.js';
import { matchesSearch, matchesStoredSearch } from '../../lib/search.js';
import { frozen } from '../../lib/sql.js';
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

/** `stato = X` on the effective state, written so the (company, origine, stato, created_at) index serves it. */
export function statoIs(stato: BloccoStato): SQL {
  if (stato === 'disponibile') {
    return or(eq(blocchi.stato, 'disponibile'), and(eq(blocchi.stato, 'opzionato'), optionLapsed))!;
  }
  if (stato === 'opzionato')
    return and(eq(blocchi.stato, 'opzionato'), gte(blocchi.opzioneScadenza, todayInRomeSql))!;
  return eq(blocchi.stato, stato);
}

/** A list filter with the materials its search text names (`withMaterialiDelTesto`). */
export type BloccoSearch = BloccoFilter & { materialiDelTesto?: readonly string[] };

/** The filter with the ids of the company's materials whose name contains its search text (a handful of rows). */
export async function withMaterialiDelTesto<F extends BloccoFilter>(
  db: DbOrTx,
  companyId: string,
  f: F,
): Promise<F & BloccoSearch> {
  if (!f.q) return f;
  const rows = await db
    .select({ id: materiali.id })
    .from(materiali)
    .where(companyScope(materiali, companyId, matchesSearch(materiali.nome, f.q)));
  return { ...f, materialiDelTesto: rows.map((r) => r.id) };
}

/** Every list filter, always inside the company and the route's origine (both with `origine: 'tutte'`). */
export function filterWhere(companyId: string, origine: BloccoOrigine, f: BloccoSearch): SQL {
  const conditions: Array<SQL | undefined> = [
    f.origine === 'tutte' ? undefined : eq(blocchi.origine, origine),
  ];
  if (f.q) {
    // The stored text (code, numero fornitore, tracciabilità, note) or the material's name:
    // the materials' ids are literals, so the planner ORs the trigram index with blocchi_materiale_idx,
    // and a search that names no material is the trigram path alone (docs/performance.md).
    const text = matchesStoredSearch(blocchi.searchText, f.q);
    conditions.push(
      f.materialiDelTesto?.length
        ? or(text, inArray(blocchi.materialeId, [...f.materialiDelTesto]))
        : text,
    );
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
  // By the production date, as the dashboard and the reports count; a bought-in
  // block's is the day it was entered.
  if (f.dal) conditions.push(gte(blocchi.dataRiquadratura, f.dal));
  if (f.al) conditions.push(lte(blocchi.dataRiquadratura, f.al));
  // A lapsed option no longer names its customer (as in the rows the list shows).
  if (f.clienteId) conditions.push(eq(blocchi.clienteId, f.clienteId), sql`not ${optionExpired}`);
  if (f.inScadenza) conditions.push(optionInScadenza(blocchi));
  if (f.volumeMin !== undefined) conditions.push(gte(blocchi.volumeNetto, f.volumeMin));
  if (f.volumeMax !== undefined) conditions.push(lte(blocchi.volumeNetto, f.volumeMax));
  if (f.prezzoMin !== undefined) conditions.push(gte(blocchi.prezzoListino, f.prezzoMin));
  if (f.prezzoMax !== undefined) conditions.push(lte(blocchi.prezzoListino, f.prezzoMax));
  return companyScope(blocchi, companyId, ...conditions);
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

const isoUtc = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
function itemsQuery(db: DbOrTx, where: SQL, opts: PageOpts): SQL {
  const order = orderByOf(
    opts.sort ?? '-createdAt',
    SORT_COLUMNS,
    desc(blocchi.createdAt),
    blocchi.id,
  );
  const pageIds = db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(where)
    .orderBy(...order)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  return sql`select coalesce(json_agg(${listItemJson} order by ${sql.join(order, sql`, `)}), '[]'::json) as items from ${blocchi} where ${inArray(blocchi.id, pageIds)}`;
}

const countQuery = (where: SQL): SQL =>
  sql`select ${cappedCount(sql`select 1 from ${blocchi} where ${where}`)} as n`;

type ListQuery = BloccoSearch & PageOpts;

/** The two statements of a list page; the benchmark runs the same ones raw (docs/quality.md P1). */
export function listQueries(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  query: ListQuery,
) {
  const where = filterWhere(companyId, origine, query);
  return { items: itemsQuery(db, where, query), count: countQuery(where) };
}

export async function listItems(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  query: ListQuery,
): Promise<BloccoListItem[]> {
  const [page] = rowsOf<{ items: BloccoListItem[] }>(
    await db.execute(itemsQuery(db, filterWhere(companyId, origine, query), query)),
  );
  return page?.items ?? [];
}

export async function countMatching(
  db: DbOrTx,
  companyId: string,
  origine: BloccoOrigine,
  filter: BloccoSearch,
): Promise<number> {
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(countQuery(filterWhere(companyId, origine, filter))),
  );
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
