import {
  detailPath,
  FINITURA_LABELS,
  LAVORAZIONE_LASTRE_SORT_FIELDS,
  LAVORAZIONE_LASTRE_STATI,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  type LavorazioneLastreListItem,
} from '@gestcava/contracts';
import type { ListColumn } from '@/components/list/list-table';
import { ListLookupFilter, ListPage, ListStatoFilter } from '@/components/list/list-page';
import { ListPeriodFilter } from '@/components/list/list-period-filter';
import { useListPage } from '@/components/list/use-list-page';
import { formatArea, formatDate, formatInteger, formatNumber, formatVolume } from '@/lib/format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import {
  useLavorazioniLastre,
  useLavorazioniLastreSummary,
  type LavorazioneLastreFilters,
} from '../api/lavorazioni-lastre';
import { LavorazioneLastreFormDialog } from './lavorazione-lastre-form';
import { formatResa } from './lavorazione-lastre-format';
import { LavorazioneLastreStatoTag } from './lavorazione-lastre-stato';
import './lavorazioni-lastre.css';

type FilterName = 'stato' | 'macchinaId' | 'materialeId' | 'dal' | 'al';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  stato: enumFilter(LAVORAZIONE_LASTRE_STATI),
  macchinaId: uuidFilter,
  materialeId: uuidFilter,
  dal: isoDateFilter,
  al: isoDateFilter,
};
const LIST_CONFIG = {
  sortFields: LAVORAZIONE_LASTRE_SORT_FIELDS,
  defaultSort: '-codice',
  filters: FILTER_RULES,
  permission: 'lavorazione-lastre',
} as const;
const STATO_OPTIONS = LAVORAZIONE_LASTRE_STATI.map((s) => ({
  value: s,
  label: LAVORAZIONE_LASTRE_STATO_LABELS[s],
}));

/**
 * Lavorazione → Lastre: the sawings, server-paged, searched by their code or their block's, filtered
 * by state, machine, material and date; totals of slabs, m² and the mean yield of the filtered set.
 */
export function LavorazioniLastreList() {
  const page = useListPage<FilterName, LavorazioneLastreFilters, LavorazioneLastreListItem>(
    LIST_CONFIG,
  );
  const { params } = page;
  const list = useLavorazioniLastre(page.query);
  const summary = useLavorazioniLastreSummary(page.filters);

  const columns: ListColumn<LavorazioneLastreListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    {
      field: 'stato',
      header: 'Stato',
      sortable: true,
      body: (l) => <LavorazioneLastreStatoTag stato={l.stato} />,
    },
    {
      field: 'blocco',
      header: 'Blocco e materiale',
      body: (l) => (
        <span className="cell-two-lines">
          <span>{l.blocco.codice}</span>
          <span className="text-color-secondary">{l.materiale.nome}</span>
        </span>
      ),
    },
    {
      field: 'macchina',
      header: 'Macchina, spessore, finitura',
      body: (l) => (
        <span className="cell-two-lines">
          <span>
            {l.contoTerzi ? `Conto terzi: ${l.terzista?.ragioneSociale ?? ''}` : l.macchina.nome}
          </span>
          <span className="text-color-secondary">
            {l.spessoreMm} mm · {FINITURA_LABELS[l.finitura]}
            {l.resinatura ? ' · resinato' : ''}
          </span>
        </span>
      ),
    },
    {
      field: 'dataInizio',
      header: 'Inizio',
      sortable: true,
      body: (l) => formatDate(l.dataInizio),
      className: 'col-nowrap',
    },
    {
      field: 'numeroLastre',
      header: 'Lastre',
      body: (l) => formatInteger(l.numeroLastre),
      className: 'col-number',
    },
    {
      field: 'mqTotali',
      header: 'm²',
      sortable: true,
      body: (l) => formatArea(l.mqTotali),
      className: 'col-nowrap col-number',
    },
    {
      field: 'resa',
      header: 'Resa m²/m³',
      sortable: true,
      body: (l) => (
        <span className="cell-two-lines">
          <span>{l.resa !== null ? formatNumber(l.resa, 2) : '—'}</span>
          <span className="text-color-secondary">max {formatNumber(l.resaTeorica, 2)}</span>
        </span>
      ),
      className: 'col-nowrap col-number',
    },
  ];

  const s = summary.data;
  const totals = [
    { label: 'Segagioni', value: formatInteger(s?.count) },
    { label: 'Lastre', value: formatInteger(s?.numeroLastre) },
    { label: 'm² prodotti', value: formatArea(s?.mqTotali) },
    { label: 'Blocchi segati', value: formatVolume(s?.volumeBlocchi) },
    { label: 'Resa media', value: formatResa(s?.resaMedia) || '—' },
  ];

  return (
    <ListPage
      page={page}
      title="Lavorazione Lastre"
      icon="pi pi-clone"
      newButton={{ label: 'Nuova segagione', testId: 'lavorazione-new' }}
      label="Elenco segagioni"
      search="Codice della segagione o del blocco"
      filters={
        <>
          <ListStatoFilter params={params} options={STATO_OPTIONS} />
          <ListLookupFilter
            params={params}
            name="macchinaId"
            kind="macchine"
            id="filter-macchina"
            label="Macchina"
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
          <ListPeriodFilter params={params} />
        </>
      }
      totals={{
        items: totals,
        loading: summary.isPending,
        label: 'Totali delle segagioni filtrate',
      }}
      table={{
        label: 'Segagioni',
        query: list,
        columns,
        rowLink: (l) => detailPath('lavorazione-lastre', l._id),
        card: (l) => ({
          title: l.codice,
          badge: <LavorazioneLastreStatoTag stato={l.stato} />,
          lines: [
            `${l.blocco.codice} · ${l.materiale.nome}`,
            `${l.macchina.nome} · ${l.spessoreMm} mm · ${FINITURA_LABELS[l.finitura]}`,
            l.mqTotali !== null
              ? `${formatInteger(l.numeroLastre)} lastre · ${formatArea(l.mqTotali)} · resa ${formatResa(l.resa)}`
              : `Resa teorica ${formatResa(l.resaTeorica)}`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessuna segagione',
        icon: 'pi pi-clone',
        title: 'Nessuna segagione registrata',
        text: 'Qui compariranno le segagioni dei blocchi in lastre, con le lastre ottenute, i m² e la resa.',
      }}
      createDialog={
        <LavorazioneLastreFormDialog
          onClose={() => page.setCreating(false)}
          onSaved={(l) =>
            page.created(detailPath('lavorazione-lastre', l._id), {
              summary: 'Segagione pianificata',
              detail: `${l.codice}: blocco ${l.blocco.codice}`,
            })
          }
        />
      }
    />
  );
}
