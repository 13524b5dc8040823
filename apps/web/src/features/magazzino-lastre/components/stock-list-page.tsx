import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { ENTITY_PAGES, type Lastra, type Pacco } from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { ListPage, type ListPageProps } from '@/components/list/list-page';
import type { ListPageState } from '@/components/list/use-list-page';
import { formatArea, formatInteger, formatWeight } from '@/lib/format';
import { exportStock, type PaccoFilters } from '../api/magazzino-lastre';
import { StockFilters } from './stock-filters';
import type { StockFilterName } from './stock-filter-rules';
import type { MagazzinoLastreTab } from './stock-lists';

/** What the tabs' summaries say of the filtered stock (bundles are counted too) */
type StockSummary = {
  data?: { count?: number; pezzi: number; mq: number; pesoT: number };
  isPending: boolean;
};

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
export function StockListPage<T extends Pacco | Lastra, Filters extends PaccoFilters>({
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
