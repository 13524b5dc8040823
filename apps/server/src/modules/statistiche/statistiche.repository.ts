import type {
  Periodo,
  StatistichePer,
  StatisticheSezione,
  StatisticheUnita,
} from '@gestcava/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../lib/pagination.js';
import type { MetricDef, SectionDef } from './statistiche.facts.js';
import { MAGAZZINO_SECTIONS } from './statistiche.magazzino.js';
import { PRODUZIONE_SECTIONS } from './statistiche.produzione.js';
import { VENDITE_SECTIONS } from './statistiche.vendite.js';

// Statistiche: every figure is an aggregate computed by PostgreSQL. Each section is a
// "facts" query (one row per bancata, block, sawing, collaudo row, sale… of the company, with its
// day `d` and its dimensions), joined to the three periods (current, previous, last year) and
// grouped by the chosen dimension with GROUPING SETS, so one statement answers the rows and the
// totals of all three periods. Only the grouped rows travel to JavaScript.

export type { MetricDef, SectionDef };

/** Decimals kept per unit, so the API and the tests see the same rounded figure. */
const DECIMALS: Record<StatisticheUnita, number> = {
  n: 0,
  m3: 3,
  t: 2,
  m2: 2,
  eur: 2,
  pct: 1,
  m2m3: 2,
  eurm3: 2,
  eurt: 2,
  giorni: 0,
};

const nome = (table: string, id: SQL, column = 'nome') =>
  sql`(select ${sql.identifier(column)} from ${sql.identifier(table)} where id = (${id})::uuid)`;

/**
 * A group's label from its key. Looked up on the grouped rows (a handful), not on every fact: a
 * scalar subquery per fact row cost most of a produzione answer on PGlite (bench/results).
 */
const LABELS: Record<StatistichePer, (k: SQL) => SQL> = {
  mese: (k) => k,
  materiale: (k) => nome('materiali', k),
  cava: (k) => nome('cave', k),
  // a sale to a group company (a transfer) is keyed `ditta:<id>`: the receiving company's name
  cliente: (k) =>
    sql`case when ${k} like 'ditta:%' then (select name || ' (gruppo)' from companies where id = substr(${k}, 7)::uuid) else ${nome('clienti', k, 'ragione_sociale')} end`,
  fornitore: (k) => nome('fornitori', k, 'ragione_sociale'),
  // the tile cuts have no machine of their own: one group for them all
  macchina: (k) =>
    sql`case when ${k} = 'pavimenti' then 'Pavimenti (taglio)' else ${nome('macchine', k)} end`,
  scelta: (k) => sql`initcap(${k})`,
  spessore: (k) => sql`ltrim(${k}, '0') || ' mm'`,
  blocco: (k) => nome('blocchi', k, 'codice'),
};

export const SECTIONS: Record<StatisticheSezione, SectionDef> = {
  ...PRODUZIONE_SECTIONS,
  ...VENDITE_SECTIONS,
  ...MAGAZZINO_SECTIONS,
};

/** The metrics a grouping shows. */
export function metricsOf(section: StatisticheSezione, per: StatistichePer): MetricDef[] {
  return SECTIONS[section].metrics.filter((m) => !m.not?.includes(per));
}

function exprOf(m: MetricDef, per: StatistichePer): SQL {
  const raw = typeof m.expr === 'function' ? m.expr(per) : m.expr;
  return sql`round((${raw})::numeric, ${DECIMALS[m.unit]})::float8 as ${sql.identifier(m.key)}`;
}

export interface GroupedRow {
  p: 'cur' | 'prev' | 'ly';
  totale: boolean;
  k: string | null;
  l: string | null;
  [metric: string]: unknown;
}

/**
 * One statement: the facts of the span covering the three periods, each fact counted in every period
 * that contains its day; by month, last year's months carry the key of the month a year later, so
 * they meet the current rows. The rows of a snapshot have one period only.
 */
export async function grouped(
  db: DbOrTx,
  companyId: string,
  section: StatisticheSezione,
  per: StatistichePer,
  periods: { cur: Periodo; prev?: Periodo; ly?: Periodo },
): Promise<GroupedRow[]> {
  const def = SECTIONS[section];
  const list = (['cur', 'prev', 'ly'] as const).flatMap((p) =>
    periods[p] ? [{ p, ...periods[p] }] : [],
  );
  const from = list.reduce((a, x) => (x.dal < a ? x.dal : a), list[0]!.dal);
  const to = list.reduce((a, x) => (x.al > a ? x.al : a), list[0]!.al);
  const values = sql.join(
    list.map((x) => sql`(${x.p}, ${x.dal}::date, ${x.al}::date)`),
    sql`, `,
  );
  const shift = sql`case when periodi.p = 'ly' then interval '1 year' else interval '0 days' end`;
  const key =
    per === 'mese' ? sql`to_char(f.d + ${shift}, 'YYYY-MM')` : sql`f.${sql.identifier(`k_${per}`)}`;
  const metrics = metricsOf(section, per).map((m) => exprOf(m, per));
  // a snapshot counts every fact once, whatever its day
  const inPeriod = def.snapshot ? sql`true` : sql`f.d between periodi.dal and periodi.al`;
  const result = await db.execute(sql`
    with periodi(p, dal, al) as (values ${values}),
         f as (${def.facts(companyId, from, to)}),
         g as (select periodi.p as gp, f.*, ${key} as k from f join periodi on ${inPeriod})
    select g.gp as p, grouping(g.k) = 1 as totale, g.k, ${LABELS[per](sql`g.k`)} as l, ${sql.join(metrics, sql`, `)}
    from g
    group by grouping sets ((g.gp, g.k), (g.gp))
    order by g.gp, g.k`);
  return rowsOf<GroupedRow>(result);
}
