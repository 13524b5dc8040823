import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  bloccoCodiceOf,
  detailPath,
  ENTITY_PAGES,
  FINITURA_LABELS,
  LASTRA_SORT_FIELDS,
  PACCO_SORT_FIELDS,
  SCELTA_LABELS,
  scelteText,
  type Lastra,
  type LastraStato,
  type Pacco,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { ListPage, type ListPageProps } from '@/components/list/list-page';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage, type ListPageState } from '@/components/list/use-list-page';
import { formatArea, formatInteger, formatWeight } from '@/lib/format';
import {
  usePacchi,
  usePacchiSummary,
  useLastre,
  useLastreSummary,
  type LastraFilters,
  type PaccoFilters,
  exportStock,
} from '../api/magazzino-lastre';
import { StockFilters } from './stock-filters';
import { STOCK_FILTER_RULES, type StockFilterName } from './stock-filter-rules';
import { LastraStatoTag } from './lastra-stato';
import { LastreSelectionActions } from './pacco-actions';
import './magazzino-lastre.css';

export type MagazzinoLastreTab = 'pacchi' | 'lastre';
type SelectionActions =
  ((items: Array<Pacco | Lastra>, clear: () => void) => ReactNode) | undefined;
type Filters = Readonly<Partial<Record<StockFilterName, string>>>;
/** What the tabs' summaries say of the filtered stock (bundles are counted too) */
type StockSummary = {
  data?: { count?: number; pezzi: number; mq: number; pesoT: number };
  isPending: boolean;
};

const paccoFilters = (q: string, f: Filters): PaccoFilters => ({
  q: q || undefined,
  materialeId: f.materialeId,
  spessoreMm: f.spessoreMm,
  finitura: f.finitura as PaccoFilters['finitura'],
  scelta: f.scelta as PaccoFilters['scelta'],
  ubicazioneId: f.ubicazioneId,
});
const lastraFilters = (q: string, f: Filters): LastraFilters => ({
  ...paccoFilters(q, f),
  stato: f.stato as LastraStato | undefined,
});
const PACCHI_CONFIG = {
  sortFields: PACCO_SORT_FIELDS,
  defaultSort: '-codice',
  filters: STOCK_FILTER_RULES,
  toFilters: paccoFilters,
};
const LASTRE_CONFIG = {
  sortFields: LASTRA_SORT_FIELDS,
  defaultSort: '-codice',
  filters: STOCK_FILTER_RULES,
  toFilters: lastraFilters,
  permission: 'magazzino-lastre' as const,
};

const measures = (x: { spessoreMm: number; finitura: Pacco['finitura'] }) =>
  `${x.spessoreMm} mm · ${FINITURA_LABELS[x.finitura]}`;

const PACCHI_COLUMNS: ListColumn<Pacco>[] = [
  { field: 'codice', header: 'Pacco', sortable: true, className: 'col-nowrap' },
  {
    field: 'materiale',
    header: 'Materiale e blocco',
    body: (p) => (
      <span className="cell-two-lines">
        <span>{p.materiale.nome}</span>
        <span className="text-color-secondary">{bloccoCodiceOf(p)}</span>
      </span>
    ),
  },
  {
    field: 'spessoreMm',
    header: 'Spessore e finitura',
    sortable: true,
    body: (p) => `${measures(p)}${p.resinatura ? ' · resinato' : ''}`,
    className: 'col-nowrap',
  },
  { field: 'scelta', header: 'Scelta', body: (p) => scelteText(p) },
  {
    field: 'nLastre',
    header: 'Lastre',
    sortable: true,
    body: (p) => formatInteger(p.nLastre),
    className: 'col-number',
  },
  {
    field: 'mq',
    header: 'm²',
    sortable: true,
    body: (p) => formatArea(p.mq),
    className: 'col-nowrap col-number',
  },
  {
    field: 'pesoT',
    header: 'Peso',
    body: (p) => formatWeight(p.pesoT),
    className: 'col-nowrap col-number',
  },
  { field: 'ubicazione', header: 'Ubicazione', body: (p) => p.ubicazione?.nome ?? '—' },
];

const LASTRE_COLUMNS: ListColumn<Lastra>[] = [
  { field: 'codice', header: 'Lastra', sortable: true, className: 'col-nowrap' },
  {
    field: 'stato',
    header: 'Stato',
    sortable: true,
    body: (l) => <LastraStatoTag stato={l.stato} />,
  },
  {
    field: 'pacco',
    header: 'Materiale e pacco',
    body: (l) => (
      <span className="cell-two-lines">
        <span>{l.materiale.nome}</span>
        <span className="text-color-secondary">{l.pacco.codice}</span>
      </span>
    ),
  },
  {
    field: 'misure',
    header: 'Misure (mm)',
    body: (l) => `${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)}`,
    className: 'col-nowrap',
  },
  {
    field: 'spessoreMm',
    header: 'Spessore e finitura',
    sortable: true,
    body: measures,
    className: 'col-nowrap',
  },
  { field: 'scelta', header: 'Scelta', body: (l) => SCELTA_LABELS[l.scelta] },
  {
    field: 'mq',
    header: 'm²',
    sortable: true,
    body: (l) => formatArea(l.mq),
    className: 'col-nowrap col-number',
  },
  { field: 'ubicazione', header: 'Ubicazione', body: (l) => l.ubicazione?.nome ?? '—' },
];

const EMPTY_TEXT =
  'Le lastre arrivano in magazzino quando si completa una segagione (Lavorazione → Lastre).';

/**
 * Magazzino → Lastre (docs/domain.md "Magazzino lastre"): the bundles (/app/pages/magazzino/pacchi) and
 * the single slabs (/app/pages/magazzino/lastre), two tabs over one set of filters, each with the
 * totals of what is selected: pieces, m², t. Ticked slabs can be reserved, sold, released or moved
 * together; the page adds what other features do with ticked items (labels, transfers).
 */
export function MagazzinoLastreView({
  tab,
  selectionActions,
}: {
  tab: MagazzinoLastreTab;
  /** other features' buttons for the ticked bundles or slabs (given by the page) */
  selectionActions?: SelectionActions;
}) {
  return tab === 'pacchi' ? (
    <PacchiList selectionActions={selectionActions} />
  ) : (
    <LastreList selectionActions={selectionActions} />
  );
}

/** The page's header buttons: the stock summary. */
const GIACENZE = (
  <Link
    to="/app/pages/magazzino/giacenze"
    className="p-button p-button-outlined no-underline"
    data-testid="link-giacenze"
  >
    <i className="pi pi-chart-bar mr-2" aria-hidden="true" />
    Giacenze
  </Link>
);

/** The two tabs; the filters follow the user from one to the other, the page and sort do not. */
function StockTabs({ tab }: { tab: MagazzinoLastreTab }) {
  const location = useLocation();
  const carried = useMemo(() => {
    const p = new URLSearchParams(location.search);
    p.delete('page');
    p.delete('sort');
    if (tab === 'lastre') p.delete('stato');
    const s = p.toString();
    return s ? `?${s}` : '';
  }, [location.search, tab]);
  const tabLink = (to: MagazzinoLastreTab, path: string, icon: string, label: string) => (
    <Link
      to={`${path}${tab === to ? location.search : carried}`}
      className={`p-button p-component${tab === to ? '' : ' p-button-outlined'}`}
      aria-current={tab === to ? 'page' : undefined}
      data-testid={`tab-${to}`}
    >
      <i className={`${icon} mr-2`} aria-hidden="true" />
      {label}
    </Link>
  );
  return (
    <nav className="magazzino-tabs" aria-label="Pacchi o lastre">
      {tabLink('pacchi', ENTITY_PAGES.pacco.path, 'pi pi-box', 'Pacchi')}
      {tabLink('lastre', ENTITY_PAGES.lastra.path, 'pi pi-clone', 'Lastre')}
    </nav>
  );
}

/**
 * One tab's list: the page's header and tabs, the filters (a slab's state only on its tab) with the
 * export of what they select, and the tab's own totals, table and empty states.
 */
function StockListPage<T extends Pacco | Lastra, Filters extends PaccoFilters>({
  tab,
  page,
  placeholder,
  summary,
  ...list
}: {
  tab: MagazzinoLastreTab;
  page: ListPageState<StockFilterName, Filters, T>;
  placeholder: string;
  summary: StockSummary;
} & Pick<ListPageProps<T, StockFilterName, Filters>, 'selection' | 'table' | 'empty'>) {
  const s = summary.data;
  const totals = {
    label: tab === 'pacchi' ? 'Totali dei pacchi filtrati' : 'Totali delle lastre filtrate',
    loading: summary.isPending,
    items: [
      ...(tab === 'pacchi' ? [{ label: 'Pacchi', value: formatInteger(s?.count) }] : []),
      { label: 'Lastre', value: formatInteger(s?.pezzi) },
      { label: 'm²', value: formatArea(s?.mq) },
      { label: 'Peso', value: formatWeight(s?.pesoT) },
    ],
  };
  const toolbar = (
    <>
      <StockFilters params={page.params} withStato={tab === 'lastre'} placeholder={placeholder} />
      <div className="stock-export">
        <ExportButtons
          download={(format) =>
            exportStock(tab, { ...page.filters, sort: page.params.sort }, format)
          }
          fallbackName={tab}
        />
      </div>
    </>
  );
  return (
    <ListPage
      page={page}
      title="Magazzino Lastre"
      icon="pi pi-clone"
      actions={GIACENZE}
      tabs={<StockTabs tab={tab} />}
      label={`Elenco ${tab}`}
      toolbar={toolbar}
      totals={totals}
      {...list}
    />
  );
}

function PacchiList({ selectionActions }: { selectionActions: SelectionActions }) {
  const page = useListPage<StockFilterName, PaccoFilters, Pacco>(PACCHI_CONFIG);
  const list = usePacchi(page.query);
  const summary = usePacchiSummary(page.filters);
  return (
    <StockListPage
      tab="pacchi"
      page={page}
      placeholder="Codice del pacco o del blocco"
      summary={summary}
      selection={
        selectionActions && {
          word: ['pacco scelto', 'pacchi scelti'],
          name: (p) => p.codice,
          actions: selectionActions,
        }
      }
      table={{
        label: 'Pacchi',
        query: list,
        columns: PACCHI_COLUMNS,
        rowLink: (p) => detailPath('pacco', p._id),
        card: (p) => ({
          title: p.codice,
          lines: [
            `${p.materiale.nome} · blocco ${bloccoCodiceOf(p) ?? '—'}`,
            `${measures(p)} · ${scelteText(p)}`,
            `${formatInteger(p.nLastre)} lastre · ${formatArea(p.mq)} · ${formatWeight(p.pesoT)}${p.ubicazione ? ` · ${p.ubicazione.nome}` : ''}`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessun pacco',
        icon: 'pi pi-box',
        title: 'Nessun pacco in magazzino',
        text: EMPTY_TEXT,
      }}
    />
  );
}

function LastreList({ selectionActions }: { selectionActions: SelectionActions }) {
  const page = useListPage<StockFilterName, LastraFilters, Lastra>(LASTRE_CONFIG);
  const list = useLastre(page.query);
  const summary = useLastreSummary(page.filters);
  const { writable } = page;
  return (
    <StockListPage
      tab="lastre"
      page={page}
      placeholder="Codice della lastra, del pacco o del blocco"
      summary={summary}
      selection={
        writable || selectionActions
          ? {
              word: ['lastra scelta', 'lastre scelte'],
              name: (l) => l.codice,
              actions: (lastre, clear) => (
                <>
                  {writable && (
                    <LastreSelectionActions lastre={lastre} onDone={clear} showCount={false} />
                  )}
                  {selectionActions?.(lastre, clear)}
                </>
              ),
            }
          : undefined
      }
      table={{
        label: 'Lastre',
        query: list,
        columns: LASTRE_COLUMNS,
        rowLink: (l) => detailPath('lastra', l._id),
        card: (l) => ({
          title: l.codice,
          badge: <LastraStatoTag stato={l.stato} />,
          lines: [
            `${l.materiale.nome} · pacco ${l.pacco.codice}`,
            `${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)} mm · ${measures(l)}`,
            `${formatArea(l.mq)} · ${SCELTA_LABELS[l.scelta]}${l.ubicazione ? ` · ${l.ubicazione.nome}` : ''}`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessuna lastra',
        icon: 'pi pi-clone',
        title: 'Nessuna lastra in magazzino',
        text: EMPTY_TEXT,
      }}
    />
  );
}
