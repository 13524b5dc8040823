import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import {
  detailPath,
  LAVORAZIONE_PAVIMENTI_SORT_FIELDS,
  LAVORAZIONE_PAVIMENTI_STATI,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type LavorazionePavimentiListItem,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListTotals } from '@/components/list/list-totals';
import { ListFilters } from '@/components/list/list-filters';
import { ListFilter } from '@/components/list/list-filter';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListParams } from '@/components/list/use-list-params';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { formatArea, formatDate, formatInteger } from '@/lib/format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useLavorazioniPavimenti, useLavorazioniPavimentiSummary, type LavorazionePavimentiFilters } from '../api/lavorazioni-pavimenti';
import { LavorazionePavimentiFormDialog } from './lavorazione-pavimenti-form';
import { formatResaPavimenti, formatTile } from './lavorazione-pavimenti-format';
import { LavorazionePavimentiStatoTag } from './lavorazione-pavimenti-stato';

type FilterName = 'stato' | 'materialeId' | 'dal' | 'al';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  stato: enumFilter(LAVORAZIONE_PAVIMENTI_STATI),
  materialeId: uuidFilter,
  dal: isoDateFilter,
  al: isoDateFilter,
};
const LIST_CONFIG = { sortFields: LAVORAZIONE_PAVIMENTI_SORT_FIELDS, defaultSort: '-codice', filters: FILTER_RULES };
const STATO_OPTIONS = LAVORAZIONE_PAVIMENTI_STATI.map((s) => ({ value: s, label: LAVORAZIONE_PAVIMENTI_STATO_LABELS[s] }));

/** The origin in a few words: the block, or how many slabs of which block. */
const origineOf = (l: LavorazionePavimentiListItem) => (l.origine === 'blocco' ? `Blocco ${l.blocco?.codice ?? ''}` : `Lastre${l.blocco ? ` di ${l.blocco.codice}` : ''}`);

/**
 * Lavorazione → Pavimenti: the tile cuts, server-paged, searched by their code or their block's,
 * filtered by state, material and date; totals of pieces, m² produced and waste.
 */
export function LavorazioniPavimentiList() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, 'lavorazione-pavimenti', 'write');
  const params = useListParams<FilterName>(LIST_CONFIG);
  const [creating, setCreating] = useState(false);

  const filters: LavorazionePavimentiFilters = useMemo(
    () => ({
      q: params.q || undefined,
      stato: params.filters.stato as LavorazionePavimentiStato | undefined,
      materialeId: params.filters.materialeId,
      dal: params.filters.dal,
      al: params.filters.al,
    }),
    [params.q, params.filters],
  );
  const list = useLavorazioniPavimenti({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useLavorazioniPavimentiSummary(filters);
  const linkState = { listSearch: location.search };
  const open = (l: { _id: string }) => void navigate(detailPath('lavorazione-pavimenti', l._id), { state: linkState });

  const columns: ListColumn<LavorazionePavimentiListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (l) => <LavorazionePavimentiStatoTag stato={l.stato} /> },
    {
      field: 'origine',
      header: 'Origine e materiale',
      body: (l) => (
        <span className="cell-two-lines">
          <span>{origineOf(l)}</span>
          <span className="text-color-secondary">{l.materiale.nome}</span>
        </span>
      ),
    },
    { field: 'lunghezzaMm', header: 'Formato', body: (l) => formatTile(l) },
    { field: 'dataInizio', header: 'Inizio', sortable: true, body: (l) => formatDate(l.dataInizio), className: 'col-nowrap' },
    { field: 'pezzi', header: 'Pezzi', body: (l) => formatInteger(l.pezzi), className: 'col-number' },
    { field: 'mqProdotti', header: 'm²', sortable: true, body: (l) => formatArea(l.mqProdotti), className: 'col-nowrap col-number' },
    { field: 'resa', header: 'Resa', body: (l) => formatResaPavimenti(l), className: 'col-nowrap col-number' },
  ];

  const s = summary.data;
  const totals = [
    { label: 'Lavorazioni', value: formatInteger(s?.count) },
    { label: 'Pezzi', value: formatInteger(s?.pezzi) },
    { label: 'm² prodotti', value: formatArea(s?.mqProdotti) },
    { label: 'Scarto', value: formatArea(s?.scartoMq) },
  ];

  const newButton = writable ? <Button type="button" label="Nuova lavorazione" icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="pavimenti-new" /> : null;
  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessuna lavorazione corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon="pi pi-table" title="Nessuna lavorazione di pavimenti">
      <p>Qui compariranno i tagli di pavimenti da un blocco o da lastre, con i pezzi, i m² e il lotto caricato in magazzino.</p>
      {newButton}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title="Lavorazione Pavimenti" icon="pi pi-table">
        {newButton}
      </PageHeader>

      <section className="card" aria-label="Elenco lavorazioni pavimenti">
        <ListFilters
          active={Object.keys(params.filters).length}
          onClear={params.clear}
          search={<ListSearch value={params.q} onSearch={params.setQ} label="Cerca" placeholder="Codice della lavorazione o del blocco" />}
        >
          <ListFilter id="filter-stato" label="Stato">
            <Dropdown inputId="filter-stato" pt={dropdownPt('Stato')} value={params.filters.stato ?? null} options={STATO_OPTIONS} onChange={(e) => params.setFilter('stato', (e.value as string | null) ?? undefined)} placeholder="Tutti" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-materiale" label="Materiale">
            <LookupDropdown kind="materiali" id="filter-materiale" label="Materiale" value={params.filters.materialeId} onChange={(v) => params.setFilter('materialeId', v ?? undefined)} placeholder="Tutti" showClear includeInactive />
          </ListFilter>
          <ListPeriodFilter params={params} />
        </ListFilters>

        <ListTotals items={totals} loading={summary.isPending} label="Totali delle lavorazioni filtrate" />

        <ListTable
          label="Lavorazioni pavimenti"
          query={list}
          params={params}
          columns={columns}
          rowLink={(l) => detailPath('lavorazione-pavimenti', l._id)}
          linkState={linkState}
          onOpen={open}
          card={(l) => ({
            title: l.codice,
            badge: <LavorazionePavimentiStatoTag stato={l.stato} />,
            lines: [`${origineOf(l)} · ${l.materiale.nome}`, formatTile(l), l.mqProdotti !== null ? `${formatInteger(l.pezzi)} pezzi · ${formatArea(l.mqProdotti)}` : ''].filter(Boolean),
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <LavorazionePavimentiFormDialog
          onClose={() => setCreating(false)}
          onSaved={(l) => {
            setCreating(false);
            notify({ severity: 'success', summary: 'Lavorazione pianificata', detail: l.codice });
            open(l);
          }}
        />
      )}
    </>
  );
}
