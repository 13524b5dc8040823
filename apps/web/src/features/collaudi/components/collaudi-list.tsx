import './collaudi.css';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { COLLAUDO_SORT_FIELDS, COLLAUDO_STATI, COLLAUDO_STATO_LABELS, detailPath, type CollaudoListItem, type CollaudoStato } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ExportButtons } from '@/components/export-buttons';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListTotals } from '@/components/list/list-totals';
import { ListFilters } from '@/components/list/list-filters';
import { ListFilter } from '@/components/list/list-filter';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListParams } from '@/components/list/use-list-params';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { formatDate, formatEuroCents, formatInteger, formatVolume } from '@/lib/format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { type CollaudoFilters, clientiSelezionabiliQueryOptions, exportCollaudi, useCollaudi, useCollaudiSummary } from '../api/collaudi';
import { CollaudoFormDialog } from './collaudo-form';
import { CollaudoStatoTag } from './collaudo-stato';

type FilterName = 'stato' | 'clienteId' | 'dal' | 'al';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  stato: enumFilter(COLLAUDO_STATI),
  clienteId: uuidFilter,
  dal: isoDateFilter,
  al: isoDateFilter,
};
const LIST_CONFIG = { sortFields: COLLAUDO_SORT_FIELDS, defaultSort: '-data', filters: FILTER_RULES };
const STATO_OPTIONS = COLLAUDO_STATI.map((s) => ({ value: s, label: COLLAUDO_STATO_LABELS[s] }));

const blocchiOf = (c: CollaudoListItem) => (c.blocchi === 0 ? 'nessun blocco' : `${formatInteger(c.blocchiAccettati)} accettati su ${formatInteger(c.blocchi)}`);

/**
 * Vendita → Collaudi: the buyers' inspections, server-paged, searched by code or cliente, filtered
 * by state, cliente and date; totals of what the confirmed ones sold.
 */
export function CollaudiList() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, 'collaudi', 'write');
  const params = useListParams<FilterName>(LIST_CONFIG);
  const [creating, setCreating] = useState(false);
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(null);

  const filters: CollaudoFilters = useMemo(
    () => ({
      q: params.q || undefined,
      stato: params.filters.stato as CollaudoStato | undefined,
      clienteId: params.filters.clienteId,
      dal: params.filters.dal,
      al: params.filters.al,
    }),
    [params.q, params.filters],
  );
  const list = useCollaudi({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useCollaudiSummary(filters);
  const linkState = { listSearch: location.search };
  const open = (c: { _id: string }) => void navigate(detailPath('collaudo', c._id), { state: linkState });
  const clienteId = params.filters.clienteId;
  const clienteValue = clienteId
    ? cliente?._id === clienteId
      ? cliente
      : { _id: clienteId, ragioneSociale: list.data?.items.find((c) => c.cliente._id === clienteId)?.cliente.ragioneSociale ?? 'Cliente scelto' }
    : null;

  const columns: ListColumn<CollaudoListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (c) => <CollaudoStatoTag stato={c.stato} /> },
    { field: 'data', header: 'Data', sortable: true, body: (c) => formatDate(c.data), className: 'col-nowrap' },
    {
      field: 'cliente',
      header: 'Cliente e luogo',
      body: (c) => (
        <span className="cell-two-lines">
          <span>{c.cliente.ragioneSociale}</span>
          {c.luogo && <span className="text-color-secondary">{c.luogo}</span>}
        </span>
      ),
    },
    { field: 'blocchi', header: 'Blocchi', body: blocchiOf },
    { field: 'volumeNetto', header: 'm³ netti', body: (c) => formatVolume(c.volumeNetto), className: 'col-nowrap col-number' },
    { field: 'importo', header: 'Importo', body: (c) => formatEuroCents(c.importo), className: 'col-nowrap col-number' },
  ];

  const s = summary.data;
  const totals = [
    { label: 'Collaudi', value: formatInteger(s?.count) },
    { label: 'Da eseguire', value: formatInteger(s ? (s.perStato.programmato ?? 0) + (s.perStato.in_corso ?? 0) : undefined) },
    { label: 'Blocchi venduti', value: formatInteger(s?.blocchiVenduti) },
    { label: 'm³ venduti', value: formatVolume(s?.volumeVenduto) },
    { label: 'Importo venduto', value: formatEuroCents(s?.importoVenduto) },
  ];

  const newButton = writable ? <Button type="button" label="Nuovo collaudo" icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="collaudi-new" /> : null;
  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessun collaudo corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon="pi pi-check-square" title="Nessun collaudo">
      <p>Qui compariranno le ispezioni dei blocchi con i compratori: misure rilevate, esiti, importi e il verbale in PDF.</p>
      {newButton}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title="Collaudi" icon="pi pi-check-square">
        <ExportButtons download={(format) => exportCollaudi({ ...filters, sort: params.sort }, format)} fallbackName="collaudi" />
        {newButton}
      </PageHeader>

      <section className="card" aria-label="Elenco collaudi">
        <ListFilters active={Object.keys(params.filters).length} onClear={params.clear} search={<ListSearch value={params.q} onSearch={params.setQ} label="Cerca" placeholder="Codice del collaudo o cliente" />}>
          <ListFilter id="filter-stato" label="Stato">
            <Dropdown inputId="filter-stato" pt={dropdownPt('Stato')} value={params.filters.stato ?? null} options={STATO_OPTIONS} onChange={(e) => params.setFilter('stato', (e.value as string | null) ?? undefined)} placeholder="Tutti" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-clienteId" label="Cliente" className="list-filter-wide">
            <AnagraficaPicker
              which="clienti"
              choices={clientiSelezionabiliQueryOptions}
              id="filter-clienteId"
              value={clienteValue}
              onChange={(v) => {
                setCliente(v);
                params.setFilter('clienteId', v?._id);
              }}
              testId="filter-cliente"
            />
          </ListFilter>
          <ListPeriodFilter params={params} />
        </ListFilters>

        <ListTotals items={totals} loading={summary.isPending} label="Totali dei collaudi filtrati" />

        <ListTable
          label="Collaudi"
          query={list}
          params={params}
          columns={columns}
          rowLink={(c) => detailPath('collaudo', c._id)}
          linkState={linkState}
          onOpen={open}
          card={(c) => ({
            title: c.codice,
            badge: <CollaudoStatoTag stato={c.stato} />,
            lines: [`${formatDate(c.data)} · ${c.cliente.ragioneSociale}`, blocchiOf(c), c.blocchiAccettati > 0 ? `${formatVolume(c.volumeNetto)} · ${formatEuroCents(c.importo)}` : ''].filter(Boolean),
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <CollaudoFormDialog
          onClose={() => setCreating(false)}
          onSaved={(c) => {
            setCreating(false);
            notify({ severity: 'success', summary: 'Collaudo programmato', detail: c.codice });
            open(c);
          }}
        />
      )}
    </>
  );
}
