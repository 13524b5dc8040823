import { Suspense, lazy, useMemo } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  STATISTICHE_PER_LABELS,
  STATISTICHE_SEZIONE_LABELS,
  type Statistiche,
  type StatisticaMetrica,
} from '@gestcava/contracts';
import { ListTotals } from '@/components/list/list-totals';
import {
  chartData,
  formatValue,
  formatVariazione,
  tableRows,
  variazione,
  type TableRow,
} from '../lib/statistiche-view-model';
import { StatisticheLegenda } from './statistiche-legenda';

// chart.js comes with the chart only: the page draws its table before the chart's code has arrived
const StatisticheChart = lazy(() => import('./statistiche-chart'));

/** One section's figures: the period's totals against last year, the chart, the table, the legend. */
export function StatisticheSection({
  data,
  phone,
  stale,
}: {
  data: Statistiche;
  phone: boolean;
  stale: boolean;
}) {
  const headline = data.metrics.filter((m) => m.compare).slice(0, 4);
  const rows = useMemo(() => tableRows(data), [data]);
  const chart = useMemo(() => chartData(data), [data]);
  const compareMonths = data.per !== 'mese';
  return (
    <div
      className={stale ? 'statistiche-stale' : undefined}
      aria-busy={stale}
      data-testid="statistiche-section"
    >
      {data.comparison && headline.length > 0 && (
        <ListTotals
          label="Totali del periodo"
          items={headline.map((m) => ({
            label: m.label,
            value: (
              <>
                {formatValue(m.unit, data.totals[m.key])}
                <small className="statistiche-delta">{headlineChange(m, data)}</small>
                <small className="statistiche-descrizione">{m.descrizione}</small>
              </>
            ),
          }))}
        />
      )}
      {data.note && <p className="text-color-secondary">{data.note}</p>}
      <section className="card statistiche-chart" aria-label="Grafico">
        <Suspense
          fallback={<div className="statistiche-chart-placeholder">Caricamento del grafico…</div>}
        >
          {/* PrimeReact's Chart is mounted only with its data (docs/web-shell.md "Charts: mounted with their data"); the key renews it per answer */}
          <StatisticheChart
            key={`${data.section}-${data.per}-${data.dal}-${data.al}`}
            data={chart}
            label={`Grafico: ${chart.datasets.map((d) => d.label).join(', ')} per ${STATISTICHE_PER_LABELS[data.per].toLowerCase()}; le cifre sono nella tabella`}
          />
        </Suspense>
      </section>
      <section className="card" aria-label="Tabella">
        <DataTable
          value={rows}
          dataKey="key"
          size="small"
          stripedRows
          scrollable={!phone}
          className="list-table statistiche-table"
          responsiveLayout={phone ? 'stack' : undefined}
          breakpoint="768px"
          rowClassName={(r: TableRow) => (r.total ? 'statistiche-total' : '')}
          pt={{
            table: {
              'aria-label': `${STATISTICHE_SEZIONE_LABELS[data.section]} per ${STATISTICHE_PER_LABELS[data.per].toLowerCase()}`,
            },
            // a wide table scrolls sideways: the keyboard reaches it too
            wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Tabella scorrevole' },
          }}
          data-testid="statistiche-table"
        >
          <Column
            header={STATISTICHE_PER_LABELS[data.per]}
            body={(r: TableRow) => r.label}
            frozen={!phone}
            className="statistiche-group"
          />
          {data.metrics.flatMap((m) => [
            <Column
              key={m.key}
              header={m.label}
              body={(r: TableRow) => formatValue(m.unit, r.values[m.key])}
              className="col-nowrap col-number"
            />,
            ...(data.comparison && m.compare ? comparisonColumns(m, compareMonths) : []),
          ])}
        </DataTable>
      </section>
      <StatisticheLegenda metrics={data.metrics} />
    </div>
  );
}

/** "+12,5 % sull'anno prec.", or last year's figure when there is no change to tell. */
function headlineChange(m: StatisticaMetrica, data: Statistiche): string {
  const before = data.comparison?.lastYear.totals[m.key];
  const change = formatVariazione(variazione(data.totals[m.key], before));
  return change ? `${change} sull'anno prec.` : `anno prec.: ${formatValue(m.unit, before)}`;
}

function comparisonColumns(m: StatisticaMetrica, withPrevious: boolean) {
  const cell = (ref: 'previous' | 'lastYear') => (r: TableRow) => {
    const before = r[ref]?.[m.key];
    const change = formatVariazione(variazione(r.values[m.key], before));
    return (
      <span className="statistiche-compare">
        {formatValue(m.unit, before)}
        {change && <small className="statistiche-delta"> {change}</small>}
      </span>
    );
  };
  return [
    ...(withPrevious
      ? [
          <Column
            key={`${m.key}-prev`}
            header={`${m.label} · periodo prec.`}
            body={cell('previous')}
            className="col-nowrap col-number statistiche-compare-col"
          />,
        ]
      : []),
    <Column
      key={`${m.key}-ly`}
      header={`${m.label} · anno prec.`}
      body={cell('lastYear')}
      className="col-nowrap col-number statistiche-compare-col"
    />,
  ];
}
