import {
  periodiConfronto,
  STATISTICHE_PER_LABELS,
  STATISTICHE_PER_SEZIONE,
  STATISTICHE_SEZIONE_LABELS,
  type Statistiche,
  type StatisticaRiga,
  type StatisticaValori,
  type StatisticheExportQuery,
  type StatisticheQuery,
  type StatisticheSezione,
  type StatisticheUnita,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { oneBatch, streamExport, type ExportColumn } from '../../lib/export.js';
import { grouped, metricsOf, SECTIONS, type GroupedRow } from './statistiche.repository.js';

const MESI = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
/** 2026-03 → "mar 2026" (the month keys sort; the label reads). */
const meseLabel = (key: string) => `${MESI[Number(key.slice(5, 7)) - 1] ?? key} ${key.slice(0, 4)}`;

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

const UNIT_SUFFIX: Record<StatisticheUnita, string> = {
  n: '',
  m3: ' (m³)',
  t: ' (t)',
  m2: ' (m²)',
  eur: ' (€)',
  pct: ' (%)',
  m2m3: '',
  eurm3: '',
  eurt: '',
  giorni: '',
};
const NUM_FMT: Record<StatisticheUnita, string> = {
  n: '#,##0',
  m3: '#,##0.000',
  t: '#,##0.00',
  m2: '#,##0.00',
  eur: '#,##0.00 "€"',
  pct: '0.0',
  m2m3: '0.00',
  eurm3: '#,##0.00',
  eurt: '#,##0.00',
  giorni: '#,##0',
};

export function createStatisticheService({ db }: { db: Db }) {
  async function compute(
    companyId: string,
    section: StatisticheSezione,
    query: StatisticheQuery,
  ): Promise<Statistiche> {
    const allowed = STATISTICHE_PER_SEZIONE[section];
    const per = query.per ?? allowed[0]!;
    if (!allowed.includes(per)) {
      throw new AppError(
        'VALIDATION',
        `${STATISTICHE_SEZIONE_LABELS[section]}: si raggruppa per ${allowed.map((p) => STATISTICHE_PER_LABELS[p].toLowerCase()).join(', ')}`,
      );
    }
    const def = SECTIONS[section];
    const cur = { dal: query.dal, al: query.al };
    const confronto = def.snapshot ? null : periodiConfronto(cur);
    const rows = await grouped(db, companyId, section, per, {
      cur,
      prev: confronto?.previous,
      ly: confronto?.lastYear,
    });
    const metrics = metricsOf(section, per);
    const valuesOf = (r: GroupedRow | undefined): StatisticaValori =>
      Object.fromEntries(
        metrics.map((m) => [
          m.key,
          r ? ((r[m.key] as number | null) ?? null) : m.unit === 'n' ? 0 : null,
        ]),
      );
    const keyOf = (r: GroupedRow) => r.k ?? '';
    const byPeriod = (p: GroupedRow['p']) =>
      new Map(rows.filter((r) => r.p === p && !r.totale).map((r) => [keyOf(r), r]));
    const prev = byPeriod('prev');
    const ly = byPeriod('ly');
    const totalOf = (p: GroupedRow['p']) => valuesOf(rows.find((r) => r.p === p && r.totale));
    // A bancata has no scelta: by scelta, its group only carries the volume the shares are taken of.
    const hidden = (r: GroupedRow) => section === 'produzione' && per === 'scelta' && r.k === null;
    const riga = (key: string, r: GroupedRow | undefined): StatisticaRiga => ({
      key,
      label: per === 'mese' && key ? meseLabel(key) : (r?.l ?? 'Non indicato'),
      values: r
        ? valuesOf(r)
        : Object.fromEntries(metrics.map((m) => [m.key, ADDITIVE_UNITS.has(m.unit) ? 0 : null])),
      previous: confronto && per !== 'mese' ? valuesOf(prev.get(key)) : null,
      lastYear: confronto ? valuesOf(ly.get(key)) : null,
    });
    const current = rows.filter((r) => r.p === 'cur' && !r.totale && !hidden(r));
    // By month, every month of the period is a row, those with nothing (future ones too) at 0: the
    // bars keep the calendar's spacing. A snapshot's months are the stock's entry months, not the period's.
    const byMonth = per === 'mese' && !def.snapshot ? byPeriod('cur') : null;
    const series = byMonth
      ? monthsOf(query.dal, query.al).map((k) => riga(k, byMonth.get(k)))
      : current.map((r) => riga(keyOf(r), r));
    // months in time order, other groups by name (the key orders months; names read better sorted)
    if (per !== 'mese') series.sort((a, b) => a.label.localeCompare(b.label, 'it'));
    return {
      section,
      dal: query.dal,
      al: query.al,
      per,
      metrics: metrics.map((m) => ({
        key: m.key,
        label: m.label,
        unit: m.unit,
        descrizione: m.descrizione,
        chart: !!m.chart,
        compare: !!m.compare,
      })),
      series,
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

  return {
    get: compute,

    /** The table on screen as a file: one row per group, then the comparison columns, then the totals. */
    async export(
      companyId: string,
      section: StatisticheSezione,
      query: StatisticheExportQuery,
      onError?: (e: unknown) => void,
    ) {
      const data = await compute(companyId, section, query);
      type Row = {
        label: string;
        values: StatisticaValori;
        previous: StatisticaValori | null;
        lastYear: StatisticaValori | null;
      };
      const columns: ExportColumn<Row>[] = [
        { header: STATISTICHE_PER_LABELS[data.per], value: (r) => r.label, width: 28 },
      ];
      for (const m of data.metrics) {
        columns.push({
          header: `${m.label}${UNIT_SUFFIX[m.unit]}`,
          value: (r) => r.values[m.key] ?? null,
          numFmt: NUM_FMT[m.unit],
        });
        if (m.compare && data.comparison) {
          if (data.per !== 'mese')
            columns.push({
              header: `${m.label} periodo precedente`,
              value: (r) => r.previous?.[m.key] ?? null,
              numFmt: NUM_FMT[m.unit],
            });
          columns.push({
            header: `${m.label} anno precedente`,
            value: (r) => r.lastYear?.[m.key] ?? null,
            numFmt: NUM_FMT[m.unit],
          });
        }
      }
      const totale: Row = {
        label: 'Totale',
        values: data.totals,
        previous: data.comparison?.previous.totals ?? null,
        lastYear: data.comparison?.lastYear.totals ?? null,
      };
      return streamExport<Row>({
        format: query.format,
        sheet: STATISTICHE_SEZIONE_LABELS[section],
        // the export helper appends today's date
        baseName: data.comparison
          ? `statistiche-${section}-per-${data.per}-${data.dal}-${data.al}`
          : `statistiche-${section}-per-${data.per}`,
        columns,
        batches: oneBatch(Promise.resolve([...data.series, totale])),
        onError,
      });
    },
  };
}

export type StatisticheService = ReturnType<typeof createStatisticheService>;
