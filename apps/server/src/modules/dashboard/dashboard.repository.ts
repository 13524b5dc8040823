import { RISERVA_IN_SCADENZA_GIORNI } from '@gestcava/contracts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { bancate, blocchi } from '../../db/schema/index.js';
import { bancataChiusa, bancataTagliata } from '../../lib/bancata-stato.js';
import { pesoBloccoSql } from '../../lib/peso-blocco.js';
import { optionInScadenza, statoEffettivoOf } from '../../lib/blocco-stato.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { rowsOf } from '../../lib/pagination.js';
import type { EntityDefinition, EntityRefJson } from '../../lib/entities.js';
import { ShapedStatement } from '../../lib/shaped-sql.js';
import { constantInt, constantWord, jsonArrayOf } from '../../lib/sql.js';

/**
 * The dashboard's aggregates. Each function is one SQL statement over other modules' tables (reads
 * only, as statistics do), answering sums and counts so no row of the company reaches JavaScript.
 * Every statement takes `companyId` and applies it itself.
 */

/** Own blocks in these statements are `b`, bancate `ba`. */
const b = alias(blocchi, 'b');
const ba = alias(bancate, 'ba');

/** The first instant of this month in Rome, as a Rome wall-clock timestamp. */
const monthStartRome = sql`date_trunc('month', now() at time zone 'Europe/Rome')`;

/**
 * Own blocks squared per month, by their production date (`data_riquadratura`, docs/domain.md), from the
 * same month last year to this one (13 months: the chart's 12 plus the year-ago comparison): the net
 * m³ and count of the squared ones, and the informi apart by weight (t, the one rule of
 * lib/peso-blocco.ts: informe blocks by production date plus the loose informi of the bancate cut, by
 * cut date; docs/reportistica.md, "Regole delle cifre"), which are not squared m³. Each month is one range on the production date, so
 * blocchi_riquadratura_idx (company, origine, data_riquadratura) serves it; empty months are 0.
 */
export async function produzionePerMese(db: DbOrTx, companyId: string) {
  const result = await db.execute(sql`
    with mesi as (
      select m::date as da, (m + interval '1 month')::date as a
      from generate_series(${monthStartRome} - interval '12 months', ${monthStartRome}, interval '1 month') as m
    )
    select to_char(mesi.da, 'YYYY-MM') as mese,
      round(coalesce(sum(b.volume_netto) filter (where b.categoria <> 'informe'), 0), 3)::float8 as m3,
      (count(b.id) filter (where b.categoria <> 'informe'))::int as blocchi,
      round(coalesce(sum(${pesoBloccoSql(b, sql`m.densita`)}) filter (where b.categoria = 'informe'), 0)
        -- and the loose informi typed on the bancate cut in the month, as statistiche counts them
        + coalesce((select sum(ba.informi_t) from bancate ba where ba.company_id = ${companyId} and ${bancataTagliata(ba)}
            and ba.data_taglio >= mesi.da and ba.data_taglio < (mesi.da + interval '1 month')::date), 0), 2)::float8 as t_informi
    from mesi
    left join blocchi b on b.company_id = ${companyId} and b.origine = 'interno' and b.data_riquadratura >= mesi.da and b.data_riquadratura < mesi.a
    -- the density by a join: a lookup per block rescans materiali (lib/peso-blocco.ts)
    left join materiali m on m.id = b.materiale_id
    group by mesi.da
    order by mesi.da`);
  return rowsOf<{ mese: string; m3: number; blocchi: number; t_informi: number }>(result);
}

/**
 * Yard blocks by origine and effective state: a stored option whose day has passed counts as
 * disponibile (lib/blocco-stato.ts, docs/domain.md). Only the three states the
 * tiles show are read, through blocchi_stato_idx (company, origine, stato).
 */
export async function blocchiPerStato(
  db: DbOrTx,
  companyId: string,
  origini: ReadonlyArray<'interno' | 'esterno'>,
) {
  if (origini.length === 0) return [];
  const result = await db.execute(sql`
    select origine,
      count(*) filter (where ${statoEffettivoOf(blocchi)} = 'disponibile')::int as disponibili,
      count(*) filter (where ${statoEffettivoOf(blocchi)} = 'opzionato')::int as opzionati,
      count(*) filter (where ${optionInScadenza(blocchi)})::int as in_scadenza,
      count(*) filter (where stato = 'in_collaudo')::int as in_collaudo
    from blocchi
    where company_id = ${companyId} and origine in (${sql.join(
      origini.map((o) => sql`${o}`),
      sql`, `,
    )})
      and stato in ('disponibile', 'opzionato', 'in_collaudo')
    group by origine`);
  return rowsOf<{
    origine: 'interno' | 'esterno';
    disponibili: number;
    opzionati: number;
    in_scadenza: number;
    in_collaudo: number;
  }>(result);
}

/** A kind of record the activity lists: its rows the user may read, and how its records are named. */
export interface ActivityKind {
  type: string;
  ids: 'all' | SQL;
  ref: EntityDefinition['refJsonSql'];
}

/** Which of the figures read in one statement the user may see (`figuresOnce`). */
export interface FiguresWanted {
  bancateMese: boolean;
  lastre: boolean;
  pavimenti: boolean;
  /** The week's collaudi and the agenda's programmed ones. */
  collaudi: boolean;
  /** The closed bancate of the yield tile. */
  bancate: boolean;
  riserve: { lastre: boolean; lotti: boolean };
}

/** How many rows each list of `figuresOnce` holds. */
export interface FiguresLimits {
  bancate: number;
  audit: number;
  eventi: number;
}

interface FiguresOnce {
  /** The gross m³ of the bancate cut (toppled: lib/bancata-stato.ts) this month, by their cut date. */
  bancateMese: { m3: number; bancate: number } | null;
  /** Slabs on hand (disponibili and riservate: what the giacenze count) in m² and pieces. */
  lastre: { mq: number; pezzi: number } | null;
  /** Tile lots on hand (a lot's m² and pieces are what is left of it). */
  pavimenti: { mq: number; pezzi: number } | null;
  /** Collaudi still programmati in this ISO week (Monday to Sunday, Rome), with the week's bounds. */
  settimana: { dal: string; al: string; programmati: number } | null;
  /** The newest closed bancate (by data di taglio) with their frozen yield. */
  bancate: Array<{
    id: string;
    codice: string;
    data_taglio: string;
    resa: number;
    volume: number;
  }> | null;
  /** The newest audit rows of the kinds the user may read; `at` as JSON writes a timestamptz. */
  audit: Array<{
    id: string;
    entity_type: string;
    entity_id: string;
    action: string;
    at: string;
    stato_da: string | null;
    stato_a: string | null;
    utente: string | null;
    /** The record's code and sub-kind; null when it is gone. */
    ref: EntityRefJson;
  }>;
  /** Collaudi programmati from today on, soonest first. */
  collaudi: Array<{
    id: string;
    codice: string;
    data: string;
    cliente: string;
    luogo: string | null;
  }>;
  /** Slab and lot reservations whose last day is today or within the window, soonest first. */
  riserve: Array<{
    tipo: 'lastra' | 'lotto';
    id: string;
    codice: string;
    scadenza: string;
    cliente: string;
  }>;
}

/** The company is its one bound value: the rest of its text follows from what the user may read. */
const figuresStatement = new ShapedStatement();

/**
 * The dashboard's figures that are not kept between requests, in one statement, each a subquery
 * answering one JSON value. As five statements they were five round trips, each a socket write that
 * wakes the database and a parse on the cores the requests share, and they held five of the
 * instance's pool connections at once (docs/performance.md "One statement where a page had several"). A
 * figure the user may not see is not asked for (null, or an empty list).
 *
 * Its text is rendered once per shape and kept (lib/shaped-sql.ts): `shape` must name everything
 * `wanted` and `kinds` follow from, the pages the user may read, and the limits are added to it; the
 * company is the only value bound, the limits, states and kinds are written into the text.
 */
export async function figuresOnce(
  db: DbOrTx,
  companyId: string,
  shape: string,
  wanted: FiguresWanted,
  kinds: ActivityKind[],
  limits: FiguresLimits,
): Promise<FiguresOnce> {
  const none: FiguresOnce = {
    bancateMese: null,
    lastre: null,
    pavimenti: null,
    settimana: null,
    bancate: null,
    audit: [],
    collaudi: [],
    riserve: [],
  };
  const key = `${shape}|${limits.bancate},${limits.audit},${limits.eventi}`;
  const [row] = await figuresStatement.rows<Partial<FiguresOnce>>(db, key, (bind) => {
    const company = bind('companyId', companyId);
    return () => figuresSql(company, wanted, kinds, limits);
  });
  return { ...none, ...row };
}

function figuresSql(
  companyId: string | Placeholder,
  wanted: FiguresWanted,
  kinds: ActivityKind[],
  limits: FiguresLimits,
): SQL {
  const parts: SQL[] = [];
  if (wanted.bancateMese)
    parts.push(sql`(select json_build_object('m3', round(coalesce(sum(volume_lordo), 0), 3)::float8, 'bancate', count(*)::int)
      from bancate
      where company_id = ${companyId} and ${bancataTagliata(bancate)}
        and data_taglio >= ${monthStartRome}::date and data_taglio < (${monthStartRome} + interval '1 month')::date) as "bancateMese"`);
  if (wanted.lastre)
    parts.push(sql`(select json_build_object('mq', round(coalesce(sum(mq), 0), 2)::float8, 'pezzi', count(*)::int)
      from lastre where company_id = ${companyId} and stato in ('disponibile', 'riservata')) as lastre`);
  if (wanted.pavimenti)
    parts.push(sql`(select json_build_object('mq', round(coalesce(sum(mq), 0), 2)::float8, 'pezzi', coalesce(sum(pezzi), 0)::int)
      from lotti where company_id = ${companyId} and pezzi > 0) as pavimenti`);
  if (wanted.collaudi) {
    parts.push(sql`(with w as (select date_trunc('week', ${todayInRomeSql})::date as dal)
      select json_build_object('dal', to_char(w.dal, 'YYYY-MM-DD'), 'al', to_char(w.dal + 6, 'YYYY-MM-DD'),
        'programmati', (select count(*)::int from collaudi c where c.company_id = ${companyId} and c.stato = 'programmato' and c.data between w.dal and w.dal + 6))
      from w) as settimana`);
    parts.push(
      sql`${jsonArrayOf(collaudiProgrammati(companyId, limits.eventi), sql`t.data, t.codice`)} as collaudi`,
    );
  }
  if (wanted.bancate)
    parts.push(
      sql`${jsonArrayOf(ultimeBancateChiuse(companyId, limits.bancate), sql`t.data_taglio desc, t.codice desc`)} as bancate`,
    );
  if (kinds.length > 0)
    parts.push(
      sql`${jsonArrayOf(ultimeAttivita(companyId, kinds, limits.audit), sql`t.at desc, t.id desc`)} as audit`,
    );
  const riserve = riserveInScadenza(companyId, wanted.riserve, limits.eventi);
  if (riserve) parts.push(sql`${jsonArrayOf(riserve, sql`t.scadenza, t.codice`)} as riserve`);
  // a user who may see none of them still gets a statement: its one figure is null, as when unasked
  if (parts.length === 0) parts.push(sql`null as "bancateMese"`);
  return sql`select ${sql.join(parts, sql`, `)}`;
}

/**
 * The newest closed bancate (by data di taglio) with their frozen yield. The order names the table's
 * columns: a bare `data_taglio` is the text column of the answer, which no index serves (a sort of
 * every closed bancata, 1.4 ms, instead of 0.1 by bancate_company_data_idx).
 */
function ultimeBancateChiuse(companyId: string | Placeholder, limit: number) {
  return sql`
    select id, codice, to_char(data_taglio, 'YYYY-MM-DD') as data_taglio, resa_chiusura::float8 as resa, volume_lordo::float8 as volume
    from bancate
    where company_id = ${companyId} and ${bancataChiusa(bancate)} and resa_chiusura is not null
    order by bancate.data_taglio desc, bancate.codice desc
    limit ${constantInt(limit)}`;
}

/**
 * The newest audit rows of the given kinds, each kind narrowed by its registry's `readableIds`
 * (`all` or a subquery of ids: a user reading only own blocks sees no bought-in block's row), with
 * their records' codes (`refJsonSql`), which were a second wave of one `describe` per kind.
 */
function ultimeAttivita(companyId: string | Placeholder, kinds: ActivityKind[], limit: number) {
  const byKind = kinds.map((k) =>
    k.ids === 'all'
      ? sql`a.entity_type = ${constantWord(k.type)}`
      : sql`(a.entity_type = ${constantWord(k.type)} and a.entity_id in (${k.ids}))`,
  );
  // each record's code and sub-kind for the rows kept only (after the limit)
  const refs = kinds.map(
    (k) => sql`when ${constantWord(k.type)} then ${k.ref(companyId, sql`l.entity_id`)}`,
  );
  return sql`
    select l.*, case l.entity_type ${sql.join(refs, sql` `)} end as ref from (
      select a.id, a.entity_type, a.entity_id, a.action, a.at, a.changes->'stato'->>'from' as stato_da, a.changes->'stato'->>'to' as stato_a, u.name as utente
      from audit_log a left join users u on u.id = a.user_id
      where a.company_id = ${companyId} and (${sql.join(byKind, sql` or `)})
      order by a.at desc, a.id desc
      limit ${constantInt(limit)}) l`;
}

/** Collaudi programmati from today on, soonest first. */
function collaudiProgrammati(companyId: string | Placeholder, limit: number) {
  return sql`
    select c.id, c.codice, to_char(c.data, 'YYYY-MM-DD') as data, k.ragione_sociale as cliente, c.luogo
    from collaudi c join clienti k on k.id = c.cliente_id
    where c.company_id = ${companyId} and c.stato = 'programmato' and c.data >= ${todayInRomeSql}
    order by c.data, c.codice
    limit ${constantInt(limit)}`;
}

/** Options of the given origini whose last day is today or within the window, soonest first. */
export async function opzioniInScadenza(
  db: DbOrTx,
  companyId: string,
  origini: ReadonlyArray<'interno' | 'esterno'>,
  limit: number,
) {
  if (origini.length === 0) return [];
  const result = await db.execute(sql`
    select b.id, b.codice, b.origine, to_char(b.opzione_scadenza, 'YYYY-MM-DD') as scadenza, k.ragione_sociale as cliente
    from blocchi b left join clienti k on k.id = b.cliente_id
    where b.company_id = ${companyId} and ${optionInScadenza(b)} and b.origine in (${sql.join(
      origini.map((o) => sql`${o}`),
      sql`, `,
    )})
    order by b.opzione_scadenza, b.codice
    limit ${constantInt(limit)}`);
  return rowsOf<{
    id: string;
    codice: string;
    origine: 'interno' | 'esterno';
    scadenza: string;
    cliente: string | null;
  }>(result);
}

/** Slab and lot reservations whose last day is today or within the window, soonest first; null when the user may see neither kind. */
function riserveInScadenza(
  companyId: string | Placeholder,
  tipi: { lastre: boolean; lotti: boolean },
  limit: number,
): SQL | null {
  const parts: SQL[] = [];
  if (tipi.lastre) {
    parts.push(sql`
      select 'lastra' as tipo, l.id, l.codice, to_char(l.scadenza_riserva, 'YYYY-MM-DD') as scadenza, c.ragione_sociale as cliente
      from lastre l join clienti c on c.id = l.cliente_id
      where l.company_id = ${companyId} and l.stato = 'riservata' and l.scadenza_riserva between ${todayInRomeSql} and ${todayInRomeSql} + ${constantInt(RISERVA_IN_SCADENZA_GIORNI)}`);
  }
  if (tipi.lotti) {
    parts.push(sql`
      select 'lotto' as tipo, lo.id, lo.codice, to_char(r.scadenza, 'YYYY-MM-DD') as scadenza, c.ragione_sociale as cliente
      from riserve_lotti r join lotti lo on lo.id = r.lotto_id join clienti c on c.id = r.cliente_id
      where r.company_id = ${companyId} and r.stato = 'attiva' and r.scadenza between ${todayInRomeSql} and ${todayInRomeSql} + ${constantInt(RISERVA_IN_SCADENZA_GIORNI)}`);
  }
  if (parts.length === 0) return null;
  return sql`${sql.join(parts, sql` union all `)} order by scadenza, codice limit ${constantInt(limit)}`;
}
