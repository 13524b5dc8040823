import type { ReactNode } from 'react';
import {
  BANCATA_SORT_FIELDS,
  BANCATA_STATI,
  BANCATA_STATO_LABELS,
  detailPath,
  type Bancata,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import type { ListColumn } from '@/components/list/list-table';
import { ListLookupFilter, ListPage, ListStatoFilter } from '@/components/list/list-page';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListPage } from '@/components/list/use-list-page';
import { BancataStatoTag } from '@/components/stato-tag';
import { formatDate, formatInteger, formatVolume, formatWeight } from '@/lib/format';
import { formatDims, formatPercentValue } from '@/lib/production-format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import { exportBancate, useBancate, useBancateSummary, type BancataFilters } from '../api/bancate';
import { BancataFormDialog } from './bancata-form';

type FilterName = 'stato' | 'cavaId' | 'materialeId' | 'dal' | 'al';
const LIST_CONFIG = {
  sortFields: BANCATA_SORT_FIELDS,
  defaultSort: '-dataTaglio',
  filters: {
    stato: enumFilter(BANCATA_STATI),
    cavaId: uuidFilter,
    materialeId: uuidFilter,
    dal: isoDateFilter,
    al: isoDateFilter,
  },
  permission: 'bancate',
} as const;
const STATO_OPTIONS = BANCATA_STATI.map((s) => ({ value: s, label: BANCATA_STATO_LABELS[s] }));
const detailOf = (b: { _id: string }) => detailPath('bancata', b._id);

const COLUMNS: ListColumn<Bancata>[] = [
  { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
  {
    field: 'stato',
    header: 'Stato',
    sortable: true,
    body: (b) => <BancataStatoTag stato={b.stato} />,
  },
  {
    field: 'dataTaglio',
    header: 'Taglio',
    sortable: true,
    body: (b) => formatDate(b.dataTaglio),
    className: 'col-nowrap',
  },
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
  {
    field: 'misure',
    header: 'Misure (L × H × P)',
    body: (b) => formatDims(b.lunghezza, b.altezza, b.profondita),
    className: 'col-nowrap',
  },
  {
    field: 'volumeLordo',
    header: 'Volume',
    sortable: true,
    body: (b) => formatVolume(b.volumeLordo),
    className: 'col-nowrap col-number',
  },
  {
    field: 'pesoStimato',
    header: 'Peso',
    body: (b) => formatWeight(b.pesoStimato),
    className: 'col-nowrap col-number',
  },
  {
    field: 'blocchi',
    header: 'Blocchi',
    body: (b) => formatInteger(b.blocchi.count),
    className: 'col-number',
  },
  {
    field: 'resa',
    header: 'Resa',
    body: (b) => (b.resa !== null ? formatPercentValue(b.resa) : '—'),
    className: 'col-nowrap col-number',
  },
];

/**
 * Bancate (docs/screens.md "Lists"): server paging and sort, search by codice, fronte and note, filters
 * by stato, cava, materiale and cut date, all in the URL; totals of the filtered set.
 */
export function BancateList({
  selectionActions,
}: { selectionActions?: (bancate: Bancata[]) => ReactNode } = {}) {
  const page = useListPage<FilterName, BancataFilters, Bancata>(LIST_CONFIG);
  const { params } = page;
  const list = useBancate(page.query);
  const summary = useBancateSummary(page.filters);
  const s = summary.data;

  return (
    <ListPage
      page={page}
      title="Bancate"
      icon="pi pi-th-large"
      actions={
        <ExportButtons
          download={(format) => exportBancate({ ...page.filters, sort: params.sort }, format)}
          fallbackName="bancate"
        />
      }
      newButton={{ label: 'Nuova bancata', testId: 'bancata-new' }}
      label="Elenco bancate"
      search="Codice, fronte o note"
      filters={
        <>
          <ListStatoFilter params={params} options={STATO_OPTIONS} />
          <ListLookupFilter
            params={params}
            name="cavaId"
            kind="cave"
            id="filter-cava"
            label="Cava"
            placeholder="Tutte"
          />
          <ListLookupFilter
            params={params}
            name="materialeId"
            kind="materiali"
            id="filter-materiale"
            label="Materiale"
            placeholder="Tutti"
          />
          <ListPeriodFilter params={params} fromLabel="Tagliate dal" />
        </>
      }
      totals={{
        label: 'Totali delle bancate filtrate',
        loading: summary.isPending,
        items: [
          { label: 'Bancate', value: formatInteger(s?.count) },
          { label: 'Volume lordo', value: formatVolume(s?.volumeLordo) },
          { label: 'Peso stimato', value: formatWeight(s?.pesoStimato) },
        ],
      }}
      selection={
        selectionActions && {
          word: ['bancata scelta', 'bancate scelte'],
          name: (b) => b.codice,
          actions: selectionActions,
        }
      }
      table={{
        label: 'Bancate',
        query: list,
        columns: COLUMNS,
        rowLink: detailOf,
        card: (b) => ({
          title: b.codice,
          badge: <BancataStatoTag stato={b.stato} />,
          lines: [
            `${b.cava.nome} · ${b.materiale.nome}`,
            `Taglio ${formatDate(b.dataTaglio)} · ${formatDims(b.lunghezza, b.altezza, b.profondita)}`,
            `${formatVolume(b.volumeLordo)} · ${formatWeight(b.pesoStimato)} · ${formatInteger(b.blocchi.count)} blocchi`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessuna bancata',
        icon: 'pi pi-th-large',
        title: 'Nessuna bancata registrata',
        text: 'Qui compariranno le bancate tagliate in cava, con misure, volume, stato e i blocchi ricavati.',
      }}
      createDialog={
        <BancataFormDialog
          onClose={() => page.setCreating(false)}
          onSaved={(b) =>
            page.created(detailOf(b), { summary: 'Bancata registrata', detail: b.codice })
          }
        />
      }
    />
  );
}
