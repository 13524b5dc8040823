import {
  STATISTICHE_PER_LABELS,
  STATISTICHE_SEZIONE_LABELS,
  type Statistiche,
  type StatisticaValori,
  type StatisticheExportQuery,
  type StatisticheSezione,
  type StatisticheUnita,
} from '@gestcava/contracts';
import { oneBatch, streamExport, type ExportColumn } from '../../lib/export.js';

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

type Row = {
  label: string;
  values: StatisticaValori;
  previous: StatisticaValori | null;
  lastYear: StatisticaValori | null;
};

/** The group's name, then each metric followed by its comparison columns (by month, last year only). */
function columnsOf(data: Statistiche): ExportColumn<Row>[] {
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
  return columns;
}

/** The table on screen as a file: one row per group, then the comparison columns, then the totals. */
export function exportStatistiche(
  data: Statistiche,
  section: StatisticheSezione,
  format: StatisticheExportQuery['format'],
  onError?: (e: unknown) => void,
) {
  const totale: Row = {
    label: 'Totale',
    values: data.totals,
    previous: data.comparison?.previous.totals ?? null,
    lastYear: data.comparison?.lastYear.totals ?? null,
  };
  return streamExport<Row>({
    format,
    sheet: STATISTICHE_SEZIONE_LABELS[section],
    // the export helper appends today's date
    baseName: data.comparison
      ? `statistiche-${section}-per-${data.per}-${data.dal}-${data.al}`
      : `statistiche-${section}-per-${data.per}`,
    columns: columnsOf(data),
    batches: oneBatch(Promise.resolve([...data.series, totale])),
    onError,
  });
}
