import { StatisticheLegenda } from './statistiche-legenda';
import './statistiche.css';
import '@/components/list/list-table.css';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { TabMenu } from 'primereact/tabmenu';
import {
  STATISTICHE_PER_LABELS,
  STATISTICHE_PER_SEZIONE,
  STATISTICHE_PRESET_LABELS,
  STATISTICHE_PRESETS,
  STATISTICHE_SEZIONE_LABELS,
  STATISTICHE_SEZIONI,
  periodiConfronto,
  periodoPreset,
  type Statistiche,
  type StatisticaMetrica,
  type StatistichePer,
  type StatistichePreset,
} from '@gestcava/contracts';
import { EmptyState, LoadFailedState } from '@/components/empty-state';
import { ExportButtons } from '@/components/export-buttons';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { ListTotals } from '@/components/list/list-totals';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { PageHeader } from '@/components/page-header';
import { todayIso } from '@/lib/iso-date';
import { exportStatistiche, statisticheQuery } from '../api/statistiche';
import {
  chartData,
  formatValue,
  formatVariazione,
  perFor,
  periodLabel,
  readState,
  tableRows,
  variazione,
  writeState,
  type StatisticheState,
  type TableRow,
} from '../lib/statistiche-view-model';

// chart.js comes with the chart only: the page draws its table before the chart's code has arrived
const StatisticheChart = lazy(() => import('./statistiche-chart'));

const SECTION_ICONS = {
  produzione: 'pi pi-box',
  lavorazione: 'pi pi-th-large',
  vendite: 'pi pi-euro',
  magazzino: 'pi pi-warehouse',
  acquisti: 'pi pi-truck',
} as const;

/**
 * Statistiche: a period (presets or dal/al) compared with the one before and with last
 * year, a grouping, one tab per section; each section's chart and the table behind it, exportable.
 * The state lives in the URL, so a view can be bookmarked and the back button undoes a change.
 */
export function StatisticheView() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const state = readState(params, today);
  const phone = useMediaQuery(CARDS_QUERY);
  const set = (next: Partial<StatisticheState>) => {
    const merged = { ...state, ...next };
    setParams(writeState({ ...merged, per: perFor(merged.section, merged.per) }), {
      replace: false,
    });
  };
  const query = useQuery(
    statisticheQuery(state.section, { dal: state.dal, al: state.al, per: state.per }),
  );
  const data = query.data;
  const { dal, al } = state;
  const confronto = useMemo(() => periodiConfronto({ dal, al }), [dal, al]);

  const choosePreset = (preset: StatistichePreset | null) => {
    if (!preset) return;
    // a custom period starts from the one on screen, so the user edits rather than retypes it
    if (preset === 'personalizzato') set({ preset, dal: state.dal, al: state.al });
    else set({ preset, ...periodoPreset(preset, today) });
  };

  return (
    <>
      <PageHeader title="Statistiche" icon="pi pi-chart-line">
        {data && data.series.length > 0 && (
          <ExportButtons
            download={(format) =>
              exportStatistiche(
                state.section,
                { dal: state.dal, al: state.al, per: state.per },
                format,
              )
            }
            fallbackName={`statistiche-${state.section}`}
          />
        )}
      </PageHeader>

      <section className="card statistiche-controls" aria-label="Periodo e raggruppamento">
        <div className="statistiche-field">
          <span className="statistiche-label" id="statistiche-periodo-label">
            Periodo
          </span>
          <SelectButton
            value={state.preset}
            // the theme draws every option filled: the ones not chosen are outlined, as in the stock dialogs
            options={STATISTICHE_PRESETS.map((p) => ({
              label: STATISTICHE_PRESET_LABELS[p],
              value: p,
              className: p === state.preset ? undefined : 'p-button-outlined',
            }))}
            onChange={(e) => choosePreset(e.value as StatistichePreset | null)}
            allowEmpty={false}
            aria-labelledby="statistiche-periodo-label"
            className="statistiche-presets"
            data-testid="statistiche-preset"
          />
        </div>
        {state.preset === 'personalizzato' && (
          <div className="statistiche-dates">
            <div className="statistiche-field">
              <label htmlFor="statistiche-dal" className="statistiche-label">
                Dal
              </label>
              <DateInput
                id="statistiche-dal"
                value={state.dal}
                max={state.al}
                onChange={(v) => v && v <= state.al && set({ dal: v })}
                testId="statistiche-dal"
              />
            </div>
            <div className="statistiche-field">
              <label htmlFor="statistiche-al" className="statistiche-label">
                Al
              </label>
              <DateInput
                id="statistiche-al"
                value={state.al}
                min={state.dal}
                onChange={(v) => v && v >= state.dal && set({ al: v })}
                testId="statistiche-al"
              />
            </div>
          </div>
        )}
        <div className="statistiche-field">
          <label htmlFor="statistiche-per" className="statistiche-label">
            Raggruppa per
          </label>
          <Dropdown
            inputId="statistiche-per"
            value={state.per}
            options={STATISTICHE_PER_SEZIONE[state.section].map((p) => ({
              label: STATISTICHE_PER_LABELS[p],
              value: p,
            }))}
            onChange={(e) => set({ per: e.value as StatistichePer })}
            pt={dropdownPt('Raggruppa per')}
            data-testid="statistiche-per"
          />
        </div>
        <p className="statistiche-period m-0" data-testid="statistiche-periodo">
          {data?.comparison === null ? (
            'Giacenza a oggi'
          ) : (
            <>
              <strong>{periodLabel(state)}</strong>
              <span className="text-color-secondary">
                {' '}
                · confronto con {periodLabel(confronto.previous)} e{' '}
                {periodLabel(confronto.lastYear)}
              </span>
            </>
          )}
        </p>
      </section>

      <TabMenu
        model={STATISTICHE_SEZIONI.map((s) => ({
          label: STATISTICHE_SEZIONE_LABELS[s],
          icon: SECTION_ICONS[s],
          command: () => set({ section: s }),
          data: { testid: `statistiche-tab-${s}` },
        }))}
        activeIndex={STATISTICHE_SEZIONI.indexOf(state.section)}
        onTabChange={(e) => set({ section: STATISTICHE_SEZIONI[e.index]! })}
        className="statistiche-tabs"
        pt={{ menu: { 'aria-label': 'Sezioni' } }}
        data-testid="statistiche-tabs"
      />

      {query.isError ? (
        <LoadFailedState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <section
          className="card statistiche-loading"
          aria-busy="true"
          data-testid="statistiche-loading"
        >
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Caricamento delle statistiche…
        </section>
      ) : data.series.length === 0 ? (
        <EmptyState
          icon="pi pi-chart-bar"
          title={`Nessun dato per ${STATISTICHE_SEZIONE_LABELS[state.section].toLowerCase()} nel periodo`}
        >
          <p>Scegli un periodo più ampio, o un altro raggruppamento.</p>
        </EmptyState>
      ) : (
        <SectionBody data={data} phone={phone} stale={query.isPlaceholderData} />
      )}
    </>
  );
}

function SectionBody({
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
          {/* PrimeReact's Chart is mounted only with its data (STACK.md, gotcha 7); the key renews it per answer */}
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
