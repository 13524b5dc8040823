import './statistiche.css';
import '@/components/list/list-table.css';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TabMenu } from 'primereact/tabmenu';
import { STATISTICHE_SEZIONE_LABELS, STATISTICHE_SEZIONI } from '@gestcava/contracts';
import { EmptyState, LoadFailedState } from '@/components/empty-state';
import { ExportButtons } from '@/components/export-buttons';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { PageHeader } from '@/components/page-header';
import { todayIso } from '@/lib/iso-date';
import { exportStatistiche, statisticheQuery } from '../api/statistiche';
import {
  perFor,
  readState,
  writeState,
  type StatisticheState,
} from '../lib/statistiche-view-model';
import { StatisticheControls } from './statistiche-controls';
import { StatisticheSection } from './statistiche-section';

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

      <StatisticheControls
        state={state}
        set={set}
        today={today}
        stock={data?.comparison === null}
      />

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
        <StatisticheSection data={data} phone={phone} stale={query.isPlaceholderData} />
      )}
    </>
  );
}
