import {
  detailPath,
  LAVORAZIONE_PAVIMENTI_SORT_FIELDS,
  LAVORAZIONE_PAVIMENTI_STATI,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type LavorazionePavimentiListItem,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import type { ListColumn } from '@/components/list/list-table';
import { ListLookupFilter, ListPage, ListStatoFilter } from '@/components/list/list-page';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListPage } from '@/components/list/use-list-page';
import { formatArea, formatDate, formatInteger } from '@/lib/format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import {
  exportLavorazioniPavimenti,
  useLavorazioniPavimenti,
  useLavorazioniPavimentiSummary,
  type LavorazionePavimentiFilters,
} from '../api/lavorazioni-pavimenti';
import { LavorazionePavimentiFormDialog } from './lavorazione-pavimenti-form';
import { formatResaPavimenti, formatTile } from './lavorazione-pavimenti-format';
import { LavorazionePavimentiStatoTag } from './lavorazione-pavimenti-stato';

type FilterName = 'stato' | 'materialeId' | 'dal' | 'al';
const LIST_CONFIG = {
  sortFields: LAVORAZIONE_PAVIMENTI_SORT_FIELDS,
  defaultSort: '-codice',
  filters: {
    stato: enumFilter(LAVORAZIONE_PAVIMENTI_STATI),
    materialeId: uuidFilter,
    dal: isoDateFilter,
    al: isoDateFilter,
  },
  permission: 'lavorazione-pavimenti',
} as const;
const STATO_OPTIONS = LAVORAZIONE_PAVIMENTI_STATI.map((s) => ({
  value: s,
  label: LAVORAZIONE_PAVIMENTI_STATO_LABELS[s],
}));
const detailOf = (l: { _id: string }) => detailPath('lavorazione-pavimenti', l._id);

/** The origin in a few words: the block, or how many slabs of which block. */
const origineOf = (l: LavorazionePavimentiListItem) =>
  l.origine === 'blocco'
    ? `Blocco ${l.blocco?.codice ?? ''}`
    : `Lastre${l.blocco ? ` di ${l.blocco.codice}` : ''}`;

const COLUMNS: ListColumn<LavorazionePavimentiListItem>[] = [
  { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
  {
    field: 'stato',
    header: 'Stato',
    sortable: true,
    body: (l) => <LavorazionePavimentiStatoTag stato={l.stato} />,
  },
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
  {
    field: 'dataInizio',
    header: 'Inizio',
    sortable: true,
    body: (l) => formatDate(l.dataInizio),
    className: 'col-nowrap',
  },
  { field: 'pezzi', header: 'Pezzi', body: (l) => formatInteger(l.pezzi), className: 'col-number' },
  {
    field: 'mqProdotti',
    header: 'm²',
    sortable: true,
    body: (l) => formatArea(l.mqProdotti),
    className: 'col-nowrap col-number',
  },
  {
    field: 'resa',
    header: 'Resa',
    body: (l) => formatResaPavimenti(l),
    className: 'col-nowrap col-number',
  },
];

/**
 * Lavorazione → Pavimenti: the tile cuts, server-paged, searched by their code or their block's,
 * filtered by state, material and date; totals of pieces, m² produced and waste.
 */
export function LavorazioniPavimentiList() {
  const page = useListPage<FilterName, LavorazionePavimentiFilters, LavorazionePavimentiListItem>(
    LIST_CONFIG,
  );
  const { params } = page;
  const list = useLavorazioniPavimenti(page.query);
  const summary = useLavorazioniPavimentiSummary(page.filters);
  const s = summary.data;

  return (
    <ListPage
      page={page}
      title="Lavorazione Pavimenti"
      icon="pi pi-table"
      actions={
        <ExportButtons
          download={(format) => exportLavorazioniPavimenti(page.filters, format)}
          fallbackName="lavorazioni-pavimenti"
        />
      }
      newButton={{ label: 'Nuova lavorazione', testId: 'pavimenti-new' }}
      label="Elenco lavorazioni pavimenti"
      search="Codice della lavorazione o del blocco"
      filters={
        <>
          <ListStatoFilter params={params} options={STATO_OPTIONS} />
          <ListLookupFilter
            params={params}
            name="materialeId"
            kind="materiali"
            id="filter-materiale"
            label="Materiale"
            placeholder="Tutti"
          />
          <ListPeriodFilter params={params} />
        </>
      }
      totals={{
        label: 'Totali delle lavorazioni filtrate',
        loading: summary.isPending,
        items: [
          { label: 'Lavorazioni', value: formatInteger(s?.count) },
          { label: 'Pezzi', value: formatInteger(s?.pezzi) },
          { label: 'm² prodotti', value: formatArea(s?.mqProdotti) },
          { label: 'Scarto', value: formatArea(s?.scartoMq) },
        ],
      }}
      table={{
        label: 'Lavorazioni pavimenti',
        query: list,
        columns: COLUMNS,
        rowLink: detailOf,
        card: (l) => ({
          title: l.codice,
          badge: <LavorazionePavimentiStatoTag stato={l.stato} />,
          lines: [
            `${origineOf(l)} · ${l.materiale.nome}`,
            formatTile(l),
            l.mqProdotti !== null
              ? `${formatInteger(l.pezzi)} pezzi · ${formatArea(l.mqProdotti)}`
              : '',
          ].filter(Boolean),
        }),
      }}
      empty={{
        noMatch: 'Nessuna lavorazione',
        icon: 'pi pi-table',
        title: 'Nessuna lavorazione di pavimenti',
        text: 'Qui compariranno i tagli di pavimenti da un blocco o da lastre, con i pezzi, i m² e il lotto caricato in magazzino.',
      }}
      createDialog={
        <LavorazionePavimentiFormDialog
          onClose={() => page.setCreating(false)}
          onSaved={(l) =>
            page.created(detailOf(l), { summary: 'Lavorazione pianificata', detail: l.codice })
          }
        />
      }
    />
  );
}
