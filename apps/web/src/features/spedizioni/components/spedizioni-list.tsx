import { Link } from 'react-router';
import { Dropdown } from 'primereact/dropdown';
import {
  DDT_CAUSALE_TABLE,
  DDT_CAUSALI,
  DDT_SORT_FIELDS,
  DDT_STATI,
  DDT_STATO_LABELS,
  detailPath,
  type DdtListItem,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { ListFilter } from '@/components/list/list-filter';
import { ListPage, ListStatoFilter } from '@/components/list/list-page';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { formatDate, formatInteger } from '@/lib/format';
import { enumFilter, isoDateFilter } from '@/lib/list-filter-rules';
import { exportDdt, useDdtList, useDdtSummary, type DdtFilters } from '../api/spedizioni';
import { nuovoDdtPagePath } from '../model/nuovo-ddt';
import { numeroOf } from './ddt-figures';
import { DdtStatoTag } from './ddt-stato-tag';

type FilterName = 'stato' | 'causale' | 'dal' | 'al';
const LIST_CONFIG = {
  sortFields: DDT_SORT_FIELDS,
  defaultSort: '-createdAt',
  filters: {
    stato: enumFilter(DDT_STATI),
    causale: enumFilter(DDT_CAUSALI),
    dal: isoDateFilter,
    al: isoDateFilter,
  },
  permission: 'spedizioni',
} as const;
const STATO_OPTIONS = DDT_STATI.map((s) => ({ value: s, label: DDT_STATO_LABELS[s] }));
const CAUSALE_OPTIONS = DDT_CAUSALI.map((c) => ({ value: c, label: DDT_CAUSALE_TABLE[c].label }));
const detailOf = (d: { _id: string }) => detailPath('ddt', d._id);
const kg = (n: number) => `${formatInteger(n)} kg`;
const colli = (n: number) => (n === 1 ? '1 collo' : `${formatInteger(n)} colli`);

const COLUMNS: ListColumn<DdtListItem>[] = [
  { field: 'numero', header: 'Numero', sortable: true, body: numeroOf, className: 'col-nowrap' },
  {
    field: 'data',
    header: 'Data',
    sortable: true,
    body: (d) => formatDate(d.data),
    className: 'col-nowrap',
  },
  { field: 'destinatario', header: 'Destinatario', body: (d) => d.destinatario },
  { field: 'causale', header: 'Causale', body: (d) => DDT_CAUSALE_TABLE[d.causale].label },
  {
    field: 'colli',
    header: 'Colli',
    body: (d) => formatInteger(d.colli),
    className: 'col-nowrap col-number',
  },
  {
    field: 'pesoKg',
    header: 'Peso kg',
    body: (d) => formatInteger(d.pesoKg),
    className: 'col-nowrap col-number',
  },
  { field: 'stato', header: 'Stato', sortable: true, body: (d) => <DdtStatoTag stato={d.stato} /> },
];

/** Vendita → Spedizioni (DDT): the documents di trasporto, searched by number, party or item code, filtered by period, causale and state. */
export function SpedizioniList() {
  const page = useListPage<FilterName, DdtFilters, DdtListItem>(LIST_CONFIG);
  const { params } = page;
  const list = useDdtList(page.query);
  const summary = useDdtSummary(page.filters);
  const s = summary.data;
  const nuovo = page.writable ? (
    <Link to={nuovoDdtPagePath} className="p-button p-component" data-testid="ddt-new">
      <i className="pi pi-plus mr-2" aria-hidden="true" />
      <span className="p-button-label">Nuovo DDT</span>
    </Link>
  ) : null;

  return (
    <ListPage
      page={page}
      title="Spedizioni (DDT)"
      icon="pi pi-truck"
      actions={
        <ExportButtons
          download={(format) => exportDdt({ ...page.filters, sort: params.sort }, format)}
          fallbackName="ddt"
        />
      }
      newAction={nuovo}
      label="Elenco DDT"
      search="Numero, destinatario o codice"
      filters={
        <>
          <ListStatoFilter params={params} options={STATO_OPTIONS} />
          <ListFilter id="filter-causale" label="Causale">
            <Dropdown
              inputId="filter-causale"
              pt={dropdownPt('Causale')}
              value={params.filters.causale ?? null}
              options={CAUSALE_OPTIONS}
              onChange={(e) => params.setFilter('causale', (e.value as string | null) ?? undefined)}
              placeholder="Tutte"
              showClear
              className="w-full"
            />
          </ListFilter>
          <ListPeriodFilter params={params} />
        </>
      }
      totals={{
        label: 'Totali dei DDT filtrati',
        loading: summary.isPending,
        items: [
          { label: 'DDT', value: formatInteger(s?.count) },
          { label: 'Emessi', value: formatInteger(s?.emessi) },
          { label: 'Colli spediti', value: formatInteger(s?.colli) },
          { label: 'Peso spedito', value: s ? kg(s.pesoKg) : undefined },
        ],
      }}
      table={{
        label: 'DDT',
        query: list,
        columns: COLUMNS,
        rowLink: detailOf,
        card: (d) => ({
          title: `DDT ${numeroOf(d)}`,
          badge: <DdtStatoTag stato={d.stato} />,
          lines: [
            [formatDate(d.data), d.destinatario].filter(Boolean).join(' · '),
            `${DDT_CAUSALE_TABLE[d.causale].label} · ${colli(d.colli)} · ${kg(d.pesoKg)}`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessun DDT',
        icon: 'pi pi-truck',
        title: 'Nessun DDT',
        text: 'Qui compariranno i documenti di trasporto di quanto venduto che lascia il piazzale: blocchi, pacchi, lastre e pavimenti, con il PDF e la packing list.',
      }}
    />
  );
}
