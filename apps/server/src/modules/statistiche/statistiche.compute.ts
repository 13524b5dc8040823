import {
  MESI_BREVI,
  periodiConfronto,
  STATISTICHE_PER_LABELS,
  STATISTICHE_PER_SEZIONE,
  STATISTICHE_SEZIONE_LABELS,
  type Periodo,
  type Statistiche,
  type StatisticaRiga,
  type StatisticaValori,
  type StatistichePer,
  type StatisticheQuery,
  type StatisticheSezione,
  type StatisticheUnita,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { MetricDef } from './statistiche.facts.js';
import { grouped, metricsOf, SECTIONS, type GroupedRow } from './statistiche.repository.js';

// One section's figures as the page shows them: the grouped rows of the three periods that the
// repository's one statement answers, turned into the series, the totals and the comparison.

export interface StatisticheDeps {
  db: Db;
}

/** 2026-03 → "mar 2026" (the month keys sort; the label reads). */
const meseLabel = (key: string) =>
  `${MESI_BREVI[Number(key.slice(5, 7)) - 1] ?? key} ${key.slice(0, 4)}`;

/** Every month of dal…al as its key (2026-03), in order. */
function monthsOf(dal: string, al: string): string[] {
  const months: string[] = [];
  for (
    let y = Number(dal.slice(0, 4)), m = Number(dal.slice(5, 7));
    ;
    m === 12 ? ((m = 1), y++) : m++
  ) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= al.slice(0, 7)) return months;
  }
}

/** Counts and sums of nothing are 0; an average or a ratio of nothing has no value. */
const ADDITIVE_UNITS: ReadonlySet<StatisticheUnita> = new Set(['n', 'm3', 't', 'm2', 'eur']);

/** The grouping asked for, or the section's first; one the section has not is a 400. */
function perOf(section: StatisticheSezione, query: StatisticheQuery): StatistichePer {
  const allowed = STATISTICHE_PER_SEZIONE[section];
  const per = query.per ?? allowed[0]!;
  if (!allowed.includes(per)) {
    throw new AppError(
      'VALIDATION',
      `${STATISTICHE_SEZIONE_LABELS[section]}: si raggruppa per ${allowed.map((p) => STATISTICHE_PER_LABELS[p].toLowerCase()).join(', ')}`,
    );
  }
  return per;
}

/** What the steps of one answer share: the grouping, its metrics, the rows and the periods. */
interface Grouping {
  section: StatisticheSezione;
  per: StatistichePer;
  metrics: MetricDef[];
  rows: GroupedRow[];
  confronto: { previous: Periodo; lastYear: Periodo } | null;
}

const keyOf = (r: GroupedRow) => r.k ?? '';

/** A row's metrics; a group missing from a period counts 0 items and has no other value. */
function valuesOf(metrics: MetricDef[], r: GroupedRow | undefined): StatisticaValori {
  return Object.fromEntries(
    metrics.map((m) => [
      m.key,
      r ? ((r[m.key] as number | null) ?? null) : m.unit === 'n' ? 0 : null,
    ]),
  );
}

function byPeriod(rows: GroupedRow[], p: GroupedRow['p']) {
  return new Map(rows.filter((r) => r.p === p && !r.totale).map((r) => [keyOf(r), r]));
}

/** One group of the current period as a row, with the same group of the other two periods. */
function rigaOf({ per, metrics, rows, confronto }: Grouping) {
  const prev = byPeriod(rows, 'prev');
  const ly = byPeriod(rows, 'ly');
  return (key: string, r: GroupedRow | undefined): StatisticaRiga => ({
    key,
    label: per === 'mese' && key ? meseLabel(key) : (r?.l ?? 'Non indicato'),
    values: r
      ? valuesOf(metrics, r)
      : Object.fromEntries(metrics.map((m) => [m.key, ADDITIVE_UNITS.has(m.unit) ? 0 : null])),
    previous: confronto && per !== 'mese' ? valuesOf(metrics, prev.get(key)) : null,
    lastYear: confronto ? valuesOf(metrics, ly.get(key)) : null,
  });
}

function seriesOf(g: Grouping, query: StatisticheQuery): StatisticaRiga[] {
  const { section, per, rows } = g;
  const riga = rigaOf(g);
  // A bancata has no scelta: by scelta, its group only carries the volume the shares are taken of.
  const hidden = (r: GroupedRow) => section === 'produzione' && per === 'scelta' && r.k === null;
  const current = rows.filter((r) => r.p === 'cur' && !r.totale && !hidden(r));
  // By month, every month of the period is a row, those with nothing (future ones too) at 0: the
  // bars keep the calendar's spacing. A snapshot's months are the stock's entry months, not the period's.
  const byMonth = per === 'mese' && !SECTIONS[section].snapshot ? byPeriod(rows, 'cur') : null;
  const series = byMonth
    ? monthsOf(query.dal, query.al).map((k) => riga(k, byMonth.get(k)))
    : current.map((r) => riga(keyOf(r), r));
  // months in time order, other groups by name (the key orders months; names read better sorted)
  if (per !== 'mese') series.sort((a, b) => a.label.localeCompare(b.label, 'it'));
  return series;
}

/** The section's figures for the period, grouped as asked, with the comparison periods' figures. */
export async function computeStatistiche(
  db: Db,
  companyId: string,
  section: StatisticheSezione,
  query: StatisticheQuery,
): Promise<Statistiche> {
  const per = perOf(section, query);
  const def = SECTIONS[section];
  const cur = { dal: query.dal, al: query.al };
  const confronto = def.snapshot ? null : periodiConfronto(cur);
  const rows = await grouped(db, companyId, section, per, {
    cur,
    prev: confronto?.previous,
    ly: confronto?.lastYear,
  });
  const g: Grouping = { section, per, metrics: metricsOf(section, per), rows, confronto };
  const totalOf = (p: GroupedRow['p']) =>
    valuesOf(
      g.metrics,
      rows.find((r) => r.p === p && r.totale),
    );
  return {
    section,
    dal: query.dal,
    al: query.al,
    per,
    metrics: g.metrics.map((m) => ({
      key: m.key,
      label: m.label,
      unit: m.unit,
      descrizione: m.descrizione,
      chart: !!m.chart,
      compare: !!m.compare,
    })),
    series: seriesOf(g, query),
    totals: totalOf('cur'),
    comparison: confronto
      ? {
          previous: { ...confronto.previous, totals: totalOf('prev') },
          lastYear: { ...confronto.lastYear, totals: totalOf('ly') },
        }
      : null,
    note: def.note ?? null,
  };
}
