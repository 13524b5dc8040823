import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import {
  BANCATA_SORT_FIELDS,
  BANCATA_STATI,
  BANCATA_STATO_LABELS,
  detailPath,
  type Bancata,
  type BancataStato,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ListSelectionBar } from '@/components/list/list-selection-bar';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListTotals } from '@/components/list/list-totals';
import { ListFilters } from '@/components/list/list-filters';
import { ListFilter } from '@/components/list/list-filter';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListParams } from '@/components/list/use-list-params';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { BancataStatoTag } from '@/components/stato-tag';
import { formatDate, formatInteger, formatVolume, formatWeight } from '@/lib/format';
import { formatDims, formatPercentValue } from '@/lib/production-format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { exportBancate, useBancate, useBancateSummary, type BancataFilters } from '../api/bancate';
import { BancataFormDialog } from './bancata-form';
import { dropdownPt } from '@/components/form/dropdown-a11y';

type FilterName = 'stato' | 'cavaId' | 'materialeId' | 'dal' | 'al';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  stato: enumFilter(BANCATA_STATI),
  cavaId: uuidFilter,
  materialeId: uuidFilter,
  dal: isoDateFilter,
  al: isoDateFilter,
};
const LIST_CONFIG = { sortFields: BANCATA_SORT_FIELDS, defaultSort: '-dataTaglio', filters: FILTER_RULES };
const STATO_OPTIONS = BANCATA_STATI.map((s) => ({ value: s, label: BANCATA_STATO_LABELS[s] }));

/**
 * Bancate (DESIGN §5 "Lists"): server paging and sort, search by codice, fronte and note, filters
 * by stato, cava, materiale and cut date, all in the URL; totals of the filtered set.
 */
export function BancateList({ selectionActions }: { selectionActions?: (bancate: Bancata[]) => ReactNode } = {}) {
  const [selected, setSelected] = useState<Bancata[]>([]);
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, 'bancate', 'write');
  const params = useListParams<FilterName>(LIST_CONFIG);
  const [creating, setCreating] = useState(false);

  const filters: BancataFilters = useMemo(
    () => ({
      q: params.q || undefined,
      stato: params.filters.stato as BancataStato | undefined,
      cavaId: params.filters.cavaId,
      materialeId: params.filters.materialeId,
      dal: params.filters.dal,
      al: params.filters.al,
    }),
    [params.q, params.filters],
  );
  const list = useBancate({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useBancateSummary(filters);
  const linkState = { listSearch: location.search };
  const open = (b: Bancata) => void navigate(detailPath('bancata', b._id), { state: linkState });

  const columns: ListColumn<Bancata>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (b) => <BancataStatoTag stato={b.stato} /> },
    { field: 'dataTaglio', header: 'Taglio', sortable: true, body: (b) => formatDate(b.dataTaglio), className: 'col-nowrap' },
    {
      field: 'materiale',
      header: 'Materiale e cava',
      body: (b) => (
        <span className="cell-two-lines">
          <span>{b.materiale.nome}</span>
          <span className="text-color-secondary">{b.cava.nome}</span>
        </span>
      ),
    },
    { field: 'misure', header: 'Misure (L × H × P)', body: (b) => formatDims(b.lunghezza, b.altezza, b.profondita), className: 'col-nowrap' },
    { field: 'volumeLordo', header: 'Volume', sortable: true, body: (b) => formatVolume(b.volumeLordo), className: 'col-nowrap col-number' },
    { field: 'pesoStimato', header: 'Peso', body: (b) => formatWeight(b.pesoStimato), className: 'col-nowrap col-number' },
    { field: 'blocchi', header: 'Blocchi', body: (b) => formatInteger(b.blocchi.count), className: 'col-number' },
    { field: 'resa', header: 'Resa', body: (b) => (b.blocchi.count > 0 ? formatPercentValue(b.resa) : '—'), className: 'col-nowrap col-number' },
  ];

  const s = summary.data;
  const totals = [
    { label: 'Bancate', value: formatInteger(s?.count) },
    { label: 'Volume lordo', value: formatVolume(s?.volumeLordo) },
    { label: 'Peso stimato', value: formatWeight(s?.pesoStimato) },
  ];

  const newButton = writable ? <Button type="button" label="Nuova bancata" icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="bancata-new" /> : null;
  const activeFilters = Object.keys(params.filters).length;

  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessuna bancata corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon="pi pi-th-large" title="Nessuna bancata registrata">
      <p>Qui compariranno le bancate tagliate in cava, con misure, volume, stato e i blocchi ricavati.</p>
      {newButton}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title="Bancate" icon="pi pi-th-large">
        <ExportButtons download={(format) => exportBancate({ ...filters, sort: params.sort }, format)} fallbackName="bancate" />
        {newButton}
      </PageHeader>

      <section className="card" aria-label="Elenco bancate">
        <ListFilters
          active={activeFilters}
          onClear={params.clear}
          search={<ListSearch value={params.q} onSearch={params.setQ} label="Cerca" placeholder="Codice, fronte o note" />}
        >
          <ListFilter id="filter-stato" label="Stato">
            <Dropdown inputId="filter-stato" pt={dropdownPt('Stato')} value={params.filters.stato ?? null} options={STATO_OPTIONS} onChange={(e) => params.setFilter('stato', (e.value as string | null) ?? undefined)} placeholder="Tutti" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-cava" label="Cava">
            <LookupDropdown kind="cave" id="filter-cava" label="Cava" value={params.filters.cavaId} onChange={(v) => params.setFilter('cavaId', v ?? undefined)} placeholder="Tutte" showClear includeInactive />
          </ListFilter>
          <ListFilter id="filter-materiale" label="Materiale">
            <LookupDropdown kind="materiali" id="filter-materiale" label="Materiale" value={params.filters.materialeId} onChange={(v) => params.setFilter('materialeId', v ?? undefined)} placeholder="Tutti" showClear includeInactive />
          </ListFilter>
          <ListPeriodFilter params={params} fromLabel="Tagliate dal" />
        </ListFilters>

        <ListTotals items={totals} loading={summary.isPending} label="Totali delle bancate filtrate" />

        {selectionActions && (
          <ListSelectionBar count={selected.length} word={['bancata scelta', 'bancate scelte']} onClear={() => setSelected([])}>
            {selectionActions(selected)}
          </ListSelectionBar>
        )}
        <ListTable
          label="Bancate"
          selection={selectionActions ? { selected, onChange: setSelected, name: (b) => b.codice } : undefined}
          query={list}
          params={params}
          columns={columns}
          rowLink={(b) => detailPath('bancata', b._id)}
          linkState={linkState}
          onOpen={open}
          card={(b) => ({
            title: b.codice,
            badge: <BancataStatoTag stato={b.stato} />,
            lines: [
              `${b.cava.nome} · ${b.materiale.nome}`,
              `Taglio ${formatDate(b.dataTaglio)} · ${formatDims(b.lunghezza, b.altezza, b.profondita)}`,
              `${formatVolume(b.volumeLordo)} · ${formatWeight(b.pesoStimato)} · ${formatInteger(b.blocchi.count)} blocchi`,
            ],
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <BancataFormDialog
          onClose={() => setCreating(false)}
          onSaved={(b) => {
            setCreating(false);
            notify({ severity: 'success', summary: 'Bancata registrata', detail: b.codice });
            open(b);
          }}
        />
      )}
    </>
  );
}
