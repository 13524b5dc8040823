import { Link } from 'react-router';
import {
  ENTITY_PAGES,
  FATTURA_ESITI,
  FATTURA_ESITO_LABELS,
  FATTURA_SORT_FIELDS,
  FATTURA_STATI,
  FATTURA_STATO_LABELS,
  FATTURA_TIPI,
  FATTURA_TIPO_LABELS,
  detailPath,
  type FatturaListItem,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { ListOptionFilter, ListPage, ListStatoFilter } from '@/components/list/list-page';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { formatDate, formatEuro, formatInteger } from '@/lib/format';
import { enumFilter, isoDateFilter } from '@/lib/list-filter-rules';
import {
  exportFatture,
  useFattureList,
  useFattureSummary,
  type FattureFilters,
} from '../api/fatture';
import { EsitoSdiTag, FatturaStatoTag } from './fattura-tags';
import { numeroFattura } from './fattura-text';
import { ZipButton } from './zip-button';

type FilterName = 'stato' | 'tipoDocumento' | 'esito' | 'dal' | 'al';
const LIST_CONFIG = {
  sortFields: FATTURA_SORT_FIELDS,
  defaultSort: '-createdAt',
  filters: {
    stato: enumFilter(FATTURA_STATI),
    tipoDocumento: enumFilter(FATTURA_TIPI),
    esito: enumFilter(FATTURA_ESITI),
    dal: isoDateFilter,
    al: isoDateFilter,
  },
  permission: 'fatture',
} as const;
const STATO_OPTIONS = FATTURA_STATI.map((s) => ({ value: s, label: FATTURA_STATO_LABELS[s] }));
const TIPO_OPTIONS = FATTURA_TIPI.map((t) => ({ value: t, label: FATTURA_TIPO_LABELS[t] }));
const ESITO_OPTIONS = FATTURA_ESITI.map((e) => ({ value: e, label: FATTURA_ESITO_LABELS[e] }));
const detailOf = (f: { _id: string }) => detailPath('fattura', f._id);
/** A nota di credito's figures read as what they take away. */
const segno = (f: Pick<FatturaListItem, 'tipoDocumento'>, n: number) =>
  formatEuro(f.tipoDocumento === 'TD04' ? -n : n);

const COLUMNS: ListColumn<FatturaListItem>[] = [
  {
    field: 'numero',
    header: 'Numero',
    sortable: true,
    body: numeroFattura,
    className: 'col-nowrap',
  },
  {
    field: 'data',
    header: 'Data',
    sortable: true,
    body: (f) => formatDate(f.data),
    className: 'col-nowrap',
  },
  { field: 'tipoDocumento', header: 'Tipo', body: (f) => FATTURA_TIPO_LABELS[f.tipoDocumento] },
  { field: 'cliente', header: 'Cliente', body: (f) => f.cliente.ragioneSociale },
  { field: 'ddt', header: 'DDT', body: (f) => f.ddt },
  {
    field: 'imponibile',
    header: 'Imponibile',
    body: (f) => segno(f, f.imponibile),
    className: 'col-nowrap col-number',
  },
  {
    field: 'totale',
    header: 'Totale',
    sortable: true,
    body: (f) => segno(f, f.totale),
    className: 'col-nowrap col-number',
  },
  {
    field: 'stato',
    header: 'Stato',
    body: (f) => (
      <span className="flex flex-wrap gap-1">
        <FatturaStatoTag stato={f.stato} />
        <EsitoSdiTag esito={f.esito} />
      </span>
    ),
  },
];

/** Vendita → Fatture: the invoices, searched by number, cliente or DDT, filtered by period, type, state and SDI outcome. */
export function FattureList() {
  const page = useListPage<FilterName, FattureFilters, FatturaListItem>(LIST_CONFIG);
  const { params } = page;
  const list = useFattureList(page.query);
  const summary = useFattureSummary(page.filters);
  const s = summary.data;
  const nuova = page.writable ? (
    <Link
      to={`${ENTITY_PAGES.fattura.path}/nuova`}
      className="p-button p-component"
      data-testid="fattura-new"
    >
      <i className="pi pi-plus mr-2" aria-hidden="true" />
      <span className="p-button-label">Nuova fattura</span>
    </Link>
  ) : null;

  return (
    <ListPage
      page={page}
      title="Fatture"
      icon="pi pi-receipt"
      actions={
        <>
          <ExportButtons
            download={(format) => exportFatture({ ...page.filters, sort: params.sort }, format)}
            fallbackName="fatture"
          />
          <ZipButton dal={params.filters.dal} al={params.filters.al} />
        </>
      }
      newAction={nuova}
      label="Elenco fatture"
      search="Numero, cliente o DDT"
      filters={
        <>
          <ListStatoFilter params={params} options={STATO_OPTIONS} />
          <ListOptionFilter
            params={params}
            name="tipoDocumento"
            label="Tipo"
            options={TIPO_OPTIONS}
            placeholder="Tutti"
          />
          <ListOptionFilter
            params={params}
            name="esito"
            label="Esito SDI"
            options={ESITO_OPTIONS}
            placeholder="Tutti"
          />
          <ListPeriodFilter params={params} />
        </>
      }
      totals={{
        label: 'Totali delle fatture emesse filtrate (note di credito sottratte)',
        loading: summary.isPending,
        items: [
          { label: 'Fatture', value: formatInteger(s?.count) },
          { label: 'Emesse', value: formatInteger(s?.emesse) },
          { label: 'Imponibile', value: s ? formatEuro(s.imponibile) : undefined },
          { label: 'IVA', value: s ? formatEuro(s.imposta) : undefined },
          { label: 'Totale', value: s ? formatEuro(s.totale) : undefined },
        ],
      }}
      table={{
        label: 'Fatture',
        query: list,
        columns: COLUMNS,
        rowLink: detailOf,
        card: (f) => ({
          title: `${f.tipoDocumento === 'TD04' ? 'Nota di credito' : 'Fattura'} ${numeroFattura(f)}`,
          badge: (
            <span className="flex flex-wrap gap-1">
              <FatturaStatoTag stato={f.stato} />
              <EsitoSdiTag esito={f.esito} />
            </span>
          ),
          lines: [
            [formatDate(f.data), f.cliente.ragioneSociale].filter(Boolean).join(' · '),
            [`Totale ${segno(f, f.totale)}`, f.ddt && `DDT ${f.ddt}`].filter(Boolean).join(' · '),
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessuna fattura',
        icon: 'pi pi-receipt',
        title: 'Nessuna fattura',
        text: 'Qui compariranno le fatture elettroniche: quelle differite dei DDT del mese, le immediate e le note di credito, con il file XML per il Sistema di Interscambio e la copia di cortesia in PDF.',
      }}
    />
  );
}
