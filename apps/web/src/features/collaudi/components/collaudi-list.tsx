import './collaudi.css';
import { useState } from 'react';
import {
  COLLAUDO_SORT_FIELDS,
  COLLAUDO_STATI,
  COLLAUDO_STATO_LABELS,
  detailPath,
  type CollaudoListItem,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import type { ListColumn } from '@/components/list/list-table';
import { ListFilter } from '@/components/list/list-filter';
import { ListPage, ListStatoFilter } from '@/components/list/list-page';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListPage } from '@/components/list/use-list-page';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { formatDate, formatEuroCents, formatInteger, formatVolume } from '@/lib/format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import {
  type CollaudoFilters,
  clientiSelezionabiliQueryOptions,
  exportCollaudi,
  useCollaudi,
  useCollaudiSummary,
} from '../api/collaudi';
import { CollaudoFormDialog } from './collaudo-form';
import { CollaudoStatoTag } from './collaudo-stato';

type FilterName = 'stato' | 'clienteId' | 'dal' | 'al';
const LIST_CONFIG = {
  sortFields: COLLAUDO_SORT_FIELDS,
  defaultSort: '-data',
  filters: {
    stato: enumFilter(COLLAUDO_STATI),
    clienteId: uuidFilter,
    dal: isoDateFilter,
    al: isoDateFilter,
  },
  permission: 'collaudi',
} as const;
const STATO_OPTIONS = COLLAUDO_STATI.map((s) => ({ value: s, label: COLLAUDO_STATO_LABELS[s] }));
const detailOf = (c: { _id: string }) => detailPath('collaudo', c._id);

const blocchiOf = (c: CollaudoListItem) =>
  c.blocchi === 0
    ? 'nessun blocco'
    : `${formatInteger(c.blocchiAccettati)} accettati su ${formatInteger(c.blocchi)}`;

const COLUMNS: ListColumn<CollaudoListItem>[] = [
  { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
  {
    field: 'stato',
    header: 'Stato',
    sortable: true,
    body: (c) => <CollaudoStatoTag stato={c.stato} />,
  },
  {
    field: 'data',
    header: 'Data',
    sortable: true,
    body: (c) => formatDate(c.data),
    className: 'col-nowrap',
  },
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
  {
    field: 'volumeNetto',
    header: 'm³ netti',
    body: (c) => formatVolume(c.volumeNetto),
    className: 'col-nowrap col-number',
  },
  {
    field: 'importo',
    header: 'Importo',
    body: (c) => formatEuroCents(c.importo),
    className: 'col-nowrap col-number',
  },
];

/**
 * Vendita → Collaudi: the buyers' inspections, server-paged, searched by code or cliente, filtered
 * by state, cliente and date; totals of what the confirmed ones sold.
 */
export function CollaudiList() {
  const page = useListPage<FilterName, CollaudoFilters, CollaudoListItem>(LIST_CONFIG);
  const { params } = page;
  const list = useCollaudi(page.query);
  const summary = useCollaudiSummary(page.filters);
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(null);
  const clienteId = params.filters.clienteId;
  const clienteValue = clienteId
    ? cliente?._id === clienteId
      ? cliente
      : {
          _id: clienteId,
          ragioneSociale:
            list.data?.items.find((c) => c.cliente._id === clienteId)?.cliente.ragioneSociale ??
            'Cliente scelto',
        }
    : null;
  const s = summary.data;

  return (
    <ListPage
      page={page}
      title="Collaudi"
      icon="pi pi-check-square"
      actions={
        <ExportButtons
          download={(format) => exportCollaudi({ ...page.filters, sort: params.sort }, format)}
          fallbackName="collaudi"
        />
      }
      newButton={{ label: 'Nuovo collaudo', testId: 'collaudi-new' }}
      label="Elenco collaudi"
      search="Codice del collaudo o cliente"
      filters={
        <>
          <ListStatoFilter params={params} options={STATO_OPTIONS} />
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
        </>
      }
      totals={{
        label: 'Totali dei collaudi filtrati',
        loading: summary.isPending,
        items: [
          { label: 'Collaudi', value: formatInteger(s?.count) },
          {
            label: 'Da eseguire',
            value: formatInteger(
              s ? (s.perStato.programmato ?? 0) + (s.perStato.in_corso ?? 0) : undefined,
            ),
          },
          { label: 'Blocchi venduti', value: formatInteger(s?.blocchiVenduti) },
          { label: 'm³ venduti', value: formatVolume(s?.volumeVenduto) },
          { label: 'Importo venduto', value: formatEuroCents(s?.importoVenduto) },
        ],
      }}
      table={{
        label: 'Collaudi',
        query: list,
        columns: COLUMNS,
        rowLink: detailOf,
        card: (c) => ({
          title: c.codice,
          badge: <CollaudoStatoTag stato={c.stato} />,
          lines: [
            `${formatDate(c.data)} · ${c.cliente.ragioneSociale}`,
            blocchiOf(c),
            c.blocchiAccettati > 0
              ? `${formatVolume(c.volumeNetto)} · ${formatEuroCents(c.importo)}`
              : '',
          ].filter(Boolean),
        }),
      }}
      empty={{
        noMatch: 'Nessun collaudo',
        icon: 'pi pi-check-square',
        title: 'Nessun collaudo',
        text: 'Qui compariranno le ispezioni dei blocchi con i compratori: misure rilevate, esiti, importi e il verbale in PDF.',
      }}
      createDialog={
        <CollaudoFormDialog
          onClose={() => page.setCreating(false)}
          onSaved={(c) =>
            page.created(detailOf(c), { summary: 'Collaudo programmato', detail: c.codice })
          }
        />
      }
    />
  );
}
