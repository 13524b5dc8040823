import {
  periodoPreset,
  roundTo,
  STATISTICHE_PER_SEZIONE,
  STATISTICHE_PRESETS,
  STATISTICHE_SEZIONI,
  type Statistiche,
  type StatisticaValori,
  type StatistichePer,
  type StatistichePreset,
  type StatisticheSezione,
  type StatisticheUnita,
  variazionePercent,
} from '@gestcava/contracts';
import {
  formatArea,
  formatDate,
  formatEuro,
  formatInteger,
  formatNumber,
  formatVolume,
  formatWeight,
} from '@/lib/format';

// The page's logic without React: what the URL says, how a figure reads, how a change is put and
// what the chart draws. Tested on its own (statistiche-view-model.test.ts).

export interface StatisticheState {
  section: StatisticheSezione;
  preset: StatistichePreset;
  dal: string;
  al: string;
  per: StatistichePer;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((x) => x === value);

/**
 * The page's state from its URL: `?sezione=&periodo=&per=` and, for a custom period, `dal` and `al`.
 * Defaults answer "how much Statuario this year": this year, by material, Produzione first.
 */
export function readState(params: URLSearchParams, today: string): StatisticheState {
  const section = oneOf(STATISTICHE_SEZIONI, params.get('sezione')) ?? 'produzione';
  let preset = oneOf(STATISTICHE_PRESETS, params.get('periodo')) ?? 'anno';
  const dal = params.get('dal') ?? '';
  const al = params.get('al') ?? '';
  let period = { dal, al };
  if (preset === 'personalizzato' && !(ISO.test(dal) && ISO.test(al) && dal <= al)) preset = 'anno';
  if (preset !== 'personalizzato') period = periodoPreset(preset, today);
  return {
    section,
    preset,
    ...period,
    per: perFor(section, oneOf(STATISTICHE_PER_SEZIONE[section], params.get('per')) ?? 'materiale'),
  };
}

/** The chosen grouping when the section has it, else the section's own first one. */
export function perFor(section: StatisticheSezione, per: StatistichePer): StatistichePer {
  const allowed = STATISTICHE_PER_SEZIONE[section];
  return allowed.includes(per) ? per : allowed[0]!;
}

/** The URL of a state: only what differs from the defaults is written. */
export function writeState(state: StatisticheState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.section !== 'produzione') params.set('sezione', state.section);
  if (state.preset !== 'anno') params.set('periodo', state.preset);
  if (state.preset === 'personalizzato') {
    params.set('dal', state.dal);
    params.set('al', state.al);
  }
  if (state.per !== 'materiale') params.set('per', state.per);
  return params;
}

/** A figure as it reads in Italian, by what it measures; nothing to compute is a dash. */
export function formatValue(unit: StatisticheUnita, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  switch (unit) {
    case 'n':
      return formatInteger(value);
    case 'm3':
      return formatVolume(value);
    case 't':
      return formatWeight(value);
    case 'm2':
      return formatArea(value);
    case 'eur':
      return formatEuro(value);
    case 'pct':
      return `${formatNumber(value, 1)} %`;
    case 'm2m3':
      return `${formatNumber(value, 2)} m²/m³`;
    case 'eurm3':
      return `${formatEuro(value)}/m³`;
    case 'eurt':
      return `${formatEuro(value)}/t`;
    case 'giorni':
      return `${formatInteger(value)} gg`;
  }
}

/** The change from `before` to `now` in percent, one decimal (contracts' rule); null when there is nothing to compare with. */
export const variazione = variazionePercent;

/** +12,5 % / −3,0 % / = ; an empty text when there is no change to tell. */
export function formatVariazione(pct: number | null): string {
  if (pct === null) return '';
  const rounded = roundTo(pct, 1);
  if (rounded === 0) return '=';
  return `${rounded > 0 ? '+' : '−'}${formatNumber(Math.abs(rounded), 1)} %`;
}

/** "01/01/26 – 24/11/26" */
export const periodLabel = (p: { dal: string; al: string }) =>
  `${formatDate(p.dal)} – ${formatDate(p.al)}`;

export interface TableRow {
  key: string;
  label: string;
  values: StatisticaValori;
  previous: StatisticaValori | null;
  lastYear: StatisticaValori | null;
  total: boolean;
}

/** The table's rows: the groups, then the totals row with the totals of the comparison periods. */
export function tableRows(data: Statistiche): TableRow[] {
  const rows: TableRow[] = data.series.map((s) => ({ ...s, total: false }));
  if (rows.length > 0) {
    rows.push({
      key: '__totale',
      label: 'Totale',
      values: data.totals,
      previous: data.comparison?.previous.totals ?? null,
      lastYear: data.comparison?.lastYear.totals ?? null,
      total: true,
    });
  }
  return rows;
}

export interface ChartData {
  labels: string[];
  datasets: Array<{
    label: string;
    data: Array<number | null>;
    backgroundColor: string;
    borderColor: string;
    borderWidth: number;
  }>;
}

const COLORS = ['#3b82f6', '#f59e0b', '#10b981', '#8b5cf6'];
const LAST_YEAR_COLOR = '#94a3b8';

/**
 * The bars of the chart: each headline metric of the section (they share a unit), and the first
 * one's figure a year earlier beside it, when there is a comparison.
 */
export function chartData(data: Statistiche): ChartData {
  const metrics = data.metrics.filter((m) => m.chart);
  const datasets: ChartData['datasets'] = metrics.map((m, i) => ({
    label: m.label,
    data: data.series.map((s) => s.values[m.key] ?? null),
    backgroundColor: COLORS[i % COLORS.length]!,
    borderColor: COLORS[i % COLORS.length]!,
    borderWidth: 1,
  }));
  const first = metrics[0];
  // a year with nothing to show draws no empty legend entry
  if (first && data.comparison && data.series.some((s) => (s.lastYear?.[first.key] ?? 0) !== 0)) {
    datasets.push({
      label: `${first.label}, anno precedente`,
      data: data.series.map((s) => s.lastYear?.[first.key] ?? null),
      backgroundColor: LAST_YEAR_COLOR,
      borderColor: LAST_YEAR_COLOR,
      borderWidth: 1,
    });
  }
  return { labels: data.series.map((s) => s.label), datasets };
}
