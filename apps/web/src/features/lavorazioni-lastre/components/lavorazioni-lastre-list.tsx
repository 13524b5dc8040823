import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import {
  detailPath,
  FINITURA_LABELS,
  LAVORAZIONE_LASTRE_SORT_FIELDS,
  LAVORAZIONE_LASTRE_STATI,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  type LavorazioneLastreListItem,
  type LavorazioneLastreStato,
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
import { formatArea, formatDate, formatInteger, formatNumber, formatVolume } from '@/lib/format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useLavorazioniLastre, useLavorazioniLastreSummary, type LavorazioneLastreFilters } from '../api/lavorazioni-lastre';
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
const LIST_CONFIG = { sortFields: LAVORAZIONE_LASTRE_SORT_FIELDS, defaultSort: '-codice', filters: FILTER_RULES };
const STATO_OPTIONS = LAVORAZIONE_LASTRE_STATI.map((s) => ({ value: s, label: LAVORAZIONE_LASTRE_STATO_LABELS[s] }));

/**
 * Lavorazione → Lastre: the sawings, server-paged, searched by their code or their block's, filtered
 * by state, machine, material and date; totals of slabs, m² and the mean yield of the filtered set.
 */
export function LavorazioniLastreList() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, 'lavorazione-lastre', 'write');
  const params = useListParams<FilterName>(LIST_CONFIG);
  const [creating, setCreating] = useState(false);

  const filters: LavorazioneLastreFilters = useMemo(
    () => ({
      q: params.q || undefined,
      stato: params.filters.stato as LavorazioneLastreStato | undefined,
      macchinaId: params.filters.macchinaId,
      materialeId: params.filters.materialeId,
      dal: params.filters.dal,
      al: params.filters.al,
    }),
    [params.q, params.filters],
  );
  const list = useLavorazioniLastre({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useLavorazioniLastreSummary(filters);
  const linkState = { listSearch: location.search };
  const open = (l: { _id: string }) => void navigate(detailPath('lavorazione-lastre', l._id), { state: linkState });

  const columns: ListColumn<LavorazioneLastreListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (l) => <LavorazioneLastreStatoTag stato={l.stato} /> },
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
          <span>{l.contoTerzi ? `Conto terzi: ${l.terzista?.ragioneSociale ?? ''}` : l.macchina.nome}</span>
          <span className="text-color-secondary">
            {l.spessoreMm} mm · {FINITURA_LABELS[l.finitura]}
            {l.resinatura ? ' · resinato' : ''}
          </span>
        </span>
      ),
    },
    { field: 'dataInizio', header: 'Inizio', sortable: true, body: (l) => formatDate(l.dataInizio), className: 'col-nowrap' },
    { field: 'numeroLastre', header: 'Lastre', body: (l) => formatInteger(l.numeroLastre), className: 'col-number' },
    { field: 'mqTotali', header: 'm²', sortable: true, body: (l) => formatArea(l.mqTotali), className: 'col-nowrap col-number' },
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

  const newButton = writable ? <Button type="button" label="Nuova segagione" icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="lavorazione-new" /> : null;

  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessuna segagione corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon="pi pi-clone" title="Nessuna segagione registrata">
      <p>Qui compariranno le segagioni dei blocchi in lastre, con le lastre ottenute, i m² e la resa.</p>
      {newButton}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title="Lavorazione Lastre" icon="pi pi-clone">
        {newButton}
      </PageHeader>

      <section className="card" aria-label="Elenco segagioni">
        <ListFilters
          active={Object.keys(params.filters).length}
          onClear={params.clear}
          search={<ListSearch value={params.q} onSearch={params.setQ} label="Cerca" placeholder="Codice della segagione o del blocco" />}
        >
          <ListFilter id="filter-stato" label="Stato">
            <Dropdown inputId="filter-stato" pt={dropdownPt('Stato')} value={params.filters.stato ?? null} options={STATO_OPTIONS} onChange={(e) => params.setFilter('stato', (e.value as string | null) ?? undefined)} placeholder="Tutti" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-macchina" label="Macchina">
            <LookupDropdown kind="macchine" id="filter-macchina" label="Macchina" value={params.filters.macchinaId} onChange={(v) => params.setFilter('macchinaId', v ?? undefined)} placeholder="Tutte" showClear includeInactive />
          </ListFilter>
          <ListFilter id="filter-materiale" label="Materiale">
            <LookupDropdown kind="materiali" id="filter-materiale" label="Materiale" value={params.filters.materialeId} onChange={(v) => params.setFilter('materialeId', v ?? undefined)} placeholder="Tutti" showClear includeInactive />
          </ListFilter>
          <ListPeriodFilter params={params} />
        </ListFilters>

        <ListTotals items={totals} loading={summary.isPending} label="Totali delle segagioni filtrate" />

        <ListTable
          label="Segagioni"
          query={list}
          params={params}
          columns={columns}
          rowLink={(l) => detailPath('lavorazione-lastre', l._id)}
          linkState={linkState}
          onOpen={open}
          card={(l) => ({
            title: l.codice,
            badge: <LavorazioneLastreStatoTag stato={l.stato} />,
            lines: [
              `${l.blocco.codice} · ${l.materiale.nome}`,
              `${l.macchina.nome} · ${l.spessoreMm} mm · ${FINITURA_LABELS[l.finitura]}`,
              l.mqTotali !== null ? `${formatInteger(l.numeroLastre)} lastre · ${formatArea(l.mqTotali)} · resa ${formatResa(l.resa)}` : `Resa teorica ${formatResa(l.resaTeorica)}`,
            ],
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <LavorazioneLastreFormDialog
          onClose={() => setCreating(false)}
          onSaved={(l) => {
            setCreating(false);
            notify({ severity: 'success', summary: 'Segagione pianificata', detail: `${l.codice}: blocco ${l.blocco.codice}` });
            open(l);
          }}
        />
      )}
    </>
  );
}
