import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
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
import { PageHeader } from '@/components/page-header';
import { ExportButtons } from '@/components/export-buttons';
import { EmptyState } from '@/components/empty-state';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSelectionBar } from '@/components/list/list-selection-bar';
import { ListTotals } from '@/components/list/list-totals';
import { useListParams, type ListParams } from '@/components/list/use-list-params';
import { formatArea, formatInteger, formatWeight } from '@/lib/format';
import { usePacchi, usePacchiSummary, useLastre, useLastreSummary, type LastraFilters, type PaccoFilters, exportStock } from '../api/magazzino-lastre';
import { StockFilters } from './stock-filters';
import { STOCK_FILTER_RULES, type StockFilterName } from './stock-filter-rules';
import { LastraStatoTag } from './lastra-stato';
import { LastreSelectionActions } from './pacco-actions';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import './magazzino-lastre.css';

export type MagazzinoLastreTab = 'pacchi' | 'lastre';

const PACCHI_CONFIG = { sortFields: PACCO_SORT_FIELDS, defaultSort: '-codice', filters: STOCK_FILTER_RULES };
const LASTRE_CONFIG = { sortFields: LASTRA_SORT_FIELDS, defaultSort: '-codice', filters: STOCK_FILTER_RULES };

function filtersOf(params: ListParams<StockFilterName>) {
  const f = params.filters;
  return { q: params.q || undefined, materialeId: f.materialeId, spessoreMm: f.spessoreMm, finitura: f.finitura as PaccoFilters['finitura'], scelta: f.scelta as PaccoFilters['scelta'], ubicazioneId: f.ubicazioneId };
}

const measures = (x: { spessoreMm: number; finitura: Pacco['finitura'] }) => `${x.spessoreMm} mm · ${FINITURA_LABELS[x.finitura]}`;

/**
 * Magazzino → Lastre (DESIGN §4 "Magazzino lastre"): the bundles (/app/pages/magazzino/pacchi) and
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
  const location = useLocation();
  // the filters follow the user from one tab to the other; the page and sort do not
  const carried = useMemo(() => {
    const p = new URLSearchParams(location.search);
    p.delete('page');
    p.delete('sort');
    if (tab === 'lastre') p.delete('stato');
    const s = p.toString();
    return s ? `?${s}` : '';
  }, [location.search, tab]);
  return (
    <>
      <PageHeader title="Magazzino Lastre" icon="pi pi-clone">
        <Link to="/app/pages/magazzino/giacenze" className="p-button p-button-outlined no-underline" data-testid="link-giacenze">
          <i className="pi pi-chart-bar mr-2" aria-hidden="true" />
          Giacenze
        </Link>
      </PageHeader>
      <nav className="magazzino-tabs" aria-label="Pacchi o lastre">
        <Link to={`${ENTITY_PAGES.pacco.path}${tab === 'pacchi' ? location.search : carried}`} className={`p-button p-component${tab === 'pacchi' ? '' : ' p-button-outlined'}`} aria-current={tab === 'pacchi' ? 'page' : undefined} data-testid="tab-pacchi">
          <i className="pi pi-box mr-2" aria-hidden="true" />
          Pacchi
        </Link>
        <Link to={`${ENTITY_PAGES.lastra.path}${tab === 'lastre' ? location.search : carried}`} className={`p-button p-component${tab === 'lastre' ? '' : ' p-button-outlined'}`} aria-current={tab === 'lastre' ? 'page' : undefined} data-testid="tab-lastre">
          <i className="pi pi-clone mr-2" aria-hidden="true" />
          Lastre
        </Link>
      </nav>
      {tab === 'pacchi' ? <PacchiList selectionActions={selectionActions} /> : <LastreList selectionActions={selectionActions} />}
    </>
  );
}

function emptyOf(params: ListParams<StockFilterName>, nessuno: string, icon: string) {
  return params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>{nessuno} corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon={icon} title={`${nessuno} in magazzino`}>
      <p>Le lastre arrivano in magazzino quando si completa una segagione (Lavorazione → Lastre).</p>
    </EmptyState>
  );
}

type SelectionActions = ((items: Array<Pacco | Lastra>, clear: () => void) => ReactNode) | undefined;

function PacchiList({ selectionActions }: { selectionActions: SelectionActions }) {
  const [selected, setSelected] = useState<Pacco[]>([]);
  const navigate = useNavigate();
  const location = useLocation();
  const params = useListParams<StockFilterName>(PACCHI_CONFIG);
  const filters: PaccoFilters = useMemo(() => filtersOf(params), [params]);
  const list = usePacchi({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = usePacchiSummary(filters);
  const linkState = { listSearch: location.search };
  const s = summary.data;

  const columns: ListColumn<Pacco>[] = [
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
    { field: 'spessoreMm', header: 'Spessore e finitura', sortable: true, body: (p) => `${measures(p)}${p.resinatura ? ' · resinato' : ''}`, className: 'col-nowrap' },
    { field: 'scelta', header: 'Scelta', body: (p) => scelteText(p) },
    { field: 'nLastre', header: 'Lastre', sortable: true, body: (p) => formatInteger(p.nLastre), className: 'col-number' },
    { field: 'mq', header: 'm²', sortable: true, body: (p) => formatArea(p.mq), className: 'col-nowrap col-number' },
    { field: 'pesoT', header: 'Peso', body: (p) => formatWeight(p.pesoT), className: 'col-nowrap col-number' },
    { field: 'ubicazione', header: 'Ubicazione', body: (p) => p.ubicazione?.nome ?? '—' },
  ];

  return (
    <section className="card" aria-label="Elenco pacchi">
      <StockFilters params={params} withStato={false} placeholder="Codice del pacco o del blocco" />
      <div className="stock-export">
        <ExportButtons download={(format) => exportStock('pacchi', { ...filters, sort: params.sort }, format)} fallbackName="pacchi" />
      </div>
      <ListTotals
        label="Totali dei pacchi filtrati"
        loading={summary.isPending}
        items={[
          { label: 'Pacchi', value: formatInteger(s?.count) },
          { label: 'Lastre', value: formatInteger(s?.pezzi) },
          { label: 'm²', value: formatArea(s?.mq) },
          { label: 'Peso', value: formatWeight(s?.pesoT) },
        ]}
      />
      {selectionActions && (
        <ListSelectionBar count={selected.length} word={['pacco scelto', 'pacchi scelti']} onClear={() => setSelected([])}>
          {selectionActions(selected, () => setSelected([]))}
        </ListSelectionBar>
      )}
      <ListTable
        label="Pacchi"
        selection={selectionActions ? { selected, onChange: setSelected, name: (p) => p.codice } : undefined}
        query={list}
        params={params}
        columns={columns}
        rowLink={(p) => detailPath('pacco', p._id)}
        linkState={linkState}
        onOpen={(p) => void navigate(detailPath('pacco', p._id), { state: linkState })}
        card={(p) => ({
          title: p.codice,
          lines: [`${p.materiale.nome} · blocco ${bloccoCodiceOf(p) ?? '—'}`, `${measures(p)} · ${scelteText(p)}`, `${formatInteger(p.nLastre)} lastre · ${formatArea(p.mq)} · ${formatWeight(p.pesoT)}${p.ubicazione ? ` · ${p.ubicazione.nome}` : ''}`],
        })}
        empty={emptyOf(params, 'Nessun pacco', 'pi pi-box')}
      />
    </section>
  );
}

function LastreList({ selectionActions }: { selectionActions: SelectionActions }) {
  const [selected, setSelected] = useState<Lastra[]>([]);
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  const navigate = useNavigate();
  const location = useLocation();
  const params = useListParams<StockFilterName>(LASTRE_CONFIG);
  const filters: LastraFilters = useMemo(() => ({ ...filtersOf(params), stato: params.filters.stato as LastraStato | undefined }), [params]);
  const list = useLastre({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useLastreSummary(filters);
  const linkState = { listSearch: location.search };
  const s = summary.data;

  const columns: ListColumn<Lastra>[] = [
    { field: 'codice', header: 'Lastra', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (l) => <LastraStatoTag stato={l.stato} /> },
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
    { field: 'misure', header: 'Misure (mm)', body: (l) => `${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)}`, className: 'col-nowrap' },
    { field: 'spessoreMm', header: 'Spessore e finitura', sortable: true, body: measures, className: 'col-nowrap' },
    { field: 'scelta', header: 'Scelta', body: (l) => SCELTA_LABELS[l.scelta] },
    { field: 'mq', header: 'm²', sortable: true, body: (l) => formatArea(l.mq), className: 'col-nowrap col-number' },
    { field: 'ubicazione', header: 'Ubicazione', body: (l) => l.ubicazione?.nome ?? '—' },
  ];

  return (
    <section className="card" aria-label="Elenco lastre">
      <StockFilters params={params} withStato placeholder="Codice della lastra, del pacco o del blocco" />
      <div className="stock-export">
        <ExportButtons download={(format) => exportStock('lastre', { ...filters, sort: params.sort }, format)} fallbackName="lastre" />
      </div>
      <ListTotals
        label="Totali delle lastre filtrate"
        loading={summary.isPending}
        items={[
          { label: 'Lastre', value: formatInteger(s?.pezzi) },
          { label: 'm²', value: formatArea(s?.mq) },
          { label: 'Peso', value: formatWeight(s?.pesoT) },
        ]}
      />
      <ListSelectionBar count={selected.length} word={['lastra scelta', 'lastre scelte']} onClear={() => setSelected([])}>
        {writable && <LastreSelectionActions lastre={selected} onDone={() => setSelected([])} showCount={false} />}
        {selectionActions?.(selected, () => setSelected([]))}
      </ListSelectionBar>
      <ListTable
        label="Lastre"
        selection={writable || selectionActions ? { selected, onChange: setSelected, name: (l) => l.codice } : undefined}
        query={list}
        params={params}
        columns={columns}
        rowLink={(l) => detailPath('lastra', l._id)}
        linkState={linkState}
        onOpen={(l) => void navigate(detailPath('lastra', l._id), { state: linkState })}
        card={(l) => ({
          title: l.codice,
          badge: <LastraStatoTag stato={l.stato} />,
          lines: [`${l.materiale.nome} · pacco ${l.pacco.codice}`, `${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)} mm · ${measures(l)}`, `${formatArea(l.mq)} · ${SCELTA_LABELS[l.scelta]}${l.ubicazione ? ` · ${l.ubicazione.nome}` : ''}`],
        })}
        empty={emptyOf(params, 'Nessuna lastra', 'pi pi-clone')}
      />
    </section>
  );
}
