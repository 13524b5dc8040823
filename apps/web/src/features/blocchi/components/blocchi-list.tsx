import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import {
  BLOCCO_SORT_FIELDS,
  BLOCCO_STATI,
  BLOCCO_STATO_LABELS,
  CATEGORIE,
  CATEGORIA_LABELS,
  SCELTE,
  SCELTA_LABELS,
  type BloccoListItem,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ExportButtons } from '@/components/export-buttons';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListTotals } from '@/components/list/list-totals';
import { ListFilters } from '@/components/list/list-filters';
import { useListParams } from '@/components/list/use-list-params';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { DateInput } from '@/components/form/date-input';
import { BloccoStatoTag } from '@/components/stato-tag';
import { formatDate, formatInteger, formatVolume, formatWeight } from '@/lib/format';
import { formatDims } from '@/lib/production-format';
import { enumFilter, isoDateFilter, uuidFilter } from '@/lib/list-filter-rules';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useBlocchi } from '../api/get-blocchi';
import { useBlocchiSummary } from '../api/get-blocchi-summary';
import { exportBlocchi } from '../api/export-blocchi';
import { BLOCCO_KIND_LABELS, type BloccoFilters, type BloccoKind } from '../api/keys';
import { BloccoFormDialog } from './blocco-form';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { anagraficheChoicesQueryOptions } from '../api/search-anagrafiche';
import './blocchi.css';
import { dropdownPt } from '@/components/form/dropdown-a11y';

type FilterName = 'stato' | 'cavaId' | 'materialeId' | 'scelta' | 'categoria' | 'bancataId' | 'fornitoreId' | 'ubicazioneId' | 'dal' | 'al';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  stato: enumFilter(BLOCCO_STATI),
  cavaId: uuidFilter,
  materialeId: uuidFilter,
  scelta: enumFilter(SCELTE),
  categoria: enumFilter(CATEGORIE),
  bancataId: uuidFilter,
  fornitoreId: uuidFilter,
  ubicazioneId: uuidFilter,
  dal: isoDateFilter,
  al: isoDateFilter,
};
const LIST_CONFIG = { sortFields: BLOCCO_SORT_FIELDS, defaultSort: '-createdAt', filters: FILTER_RULES };
const STATO_OPTIONS = BLOCCO_STATI.map((s) => ({ value: s, label: BLOCCO_STATO_LABELS[s] }));
const SCELTA_FILTER_OPTIONS = SCELTE.map((s) => ({ value: s, label: SCELTA_LABELS[s] }));
const CATEGORIA_FILTER_OPTIONS = CATEGORIE.map((c) => ({ value: c, label: CATEGORIA_LABELS[c] }));

function provenienza(b: BloccoListItem): string {
  if (b.origine === 'interno') return b.bancata ? `${b.bancata.codice}${b.cava ? ` · ${b.cava.nome}` : ''}` : '';
  return [b.fornitore?.ragioneSociale, b.numeroFornitore ? `n. ${b.numeroFornitore}` : null].filter(Boolean).join(' · ');
}

/**
 * Blocchi or blocchi esterni (DESIGN §5 "Lists"; issue §6): server paging and sort; search by
 * codice, numero fornitore, tracciabilità and note; filters by stato, cava, materiale, scelta,
 * categoria, bancata, fornitore, ubicazione and date, all in the URL so a link shares the view;
 * totals (count, m³, t) and CSV/XLSX export of the filtered set.
 */
export function BlocchiList({ kind }: { kind: BloccoKind }) {
  const labels = BLOCCO_KIND_LABELS[kind];
  const interno = kind === 'blocchi';
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, kind, 'write');
  const params = useListParams<FilterName>(LIST_CONFIG);
  const cards = useMediaQuery(CARDS_QUERY);
  const [creating, setCreating] = useState(false);
  const [fornitore, setFornitore] = useState<PickedAnagrafica | null>(null);

  const filters: BloccoFilters = useMemo(() => {
    const f = params.filters;
    return {
      q: params.q || undefined,
      stato: f.stato as BloccoFilters['stato'],
      cavaId: f.cavaId,
      materialeId: f.materialeId,
      scelta: f.scelta as BloccoFilters['scelta'],
      categoria: f.categoria as BloccoFilters['categoria'],
      bancataId: f.bancataId,
      fornitoreId: f.fornitoreId,
      ubicazioneId: f.ubicazioneId,
      dal: f.dal,
      al: f.al,
    };
  }, [params.q, params.filters]);
  const list = useBlocchi(kind, { ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useBlocchiSummary(kind, filters);
  const linkState = { listSearch: location.search };
  const open = (b: BloccoListItem) => void navigate(`${labels.base}/${b._id}`, { state: linkState });

  const columns: ListColumn<BloccoListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (b) => <BloccoStatoTag stato={b.stato} /> },
    ...(interno ? [] : [{ field: 'fornitore', header: 'Fornitore', body: (b: BloccoListItem) => provenienza(b), className: 'col-ellipsis' }]),
    {
      field: 'scelta',
      header: 'Materiale e scelta',
      sortable: true,
      className: 'col-materiale',
      body: (b) => (
        <span className="cell-two-lines">
          <span>{b.materiale.nome}</span>
          <span className="text-color-secondary">
            {SCELTA_LABELS[b.scelta]} · {CATEGORIA_LABELS[b.categoria]}
          </span>
        </span>
      ),
    },
    { field: 'misure', header: 'Misure nette', body: (b) => formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta), className: 'col-nowrap' },
    { field: 'volumeNetto', header: 'Vol. netto', sortable: true, body: (b) => formatVolume(b.volumeNetto), className: 'col-nowrap col-number' },
    { field: 'pesoTeorico', header: 'Peso', sortable: true, body: (b) => formatWeight(b.pesoTeorico), className: 'col-nowrap col-number' },
    { field: 'ubicazione', header: 'Ubicazione', body: (b) => <span title={b.ubicazione?.nome}>{b.ubicazione?.nome ?? ''}</span>, className: 'col-ellipsis col-narrow' },
    ...(interno
      ? [{ field: 'bancata', header: 'Bancata', body: (b: BloccoListItem) => b.bancata?.codice ?? '', className: 'col-nowrap' }]
      : [{ field: 'dataAcquisto', header: 'Acquisto', body: (b: BloccoListItem) => formatDate(b.dataAcquisto), className: 'col-nowrap' }]),
    // not a table column (the code already orders by date): the phone's "Ordina per" offers it
    ...(cards ? [{ field: 'createdAt', header: 'Data di registrazione', sortable: true }] : []),
  ];

  const s = summary.data;
  const totals = [
    { label: labels.plurale, value: formatInteger(s?.count) },
    { label: 'Volume lordo', value: formatVolume(s?.volumeLordo) },
    { label: 'Volume netto', value: formatVolume(s?.volumeNetto) },
    { label: 'Peso teorico', value: formatWeight(s?.pesoT) },
  ];

  const newButton = writable ? (
    <Button type="button" label={interno ? 'Nuovo blocco' : 'Nuovo blocco esterno'} icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="blocco-new" />
  ) : null;
  const activeFilters = Object.keys(params.filters).length;
  const bancataFiltered = params.filters.bancataId ? list.data?.items.find((b) => b.bancata?._id === params.filters.bancataId)?.bancata?.codice : undefined;

  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessun blocco corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon={labels.icon} title={interno ? 'Nessun blocco registrato' : 'Nessun blocco esterno registrato'}>
      <p>
        {interno
          ? 'I blocchi nascono dalla riquadratura di una bancata: aprila quando è ribaltata o in riquadratura e aggiungi i blocchi.'
          : 'Qui compariranno i blocchi acquistati da altre cave o fornitori, con il prezzo e il trasporto.'}
      </p>
      {newButton}
    </EmptyState>
  );

  const dropdownFilter = (name: FilterName, label: string, options: { value: string; label: string }[], placeholder = 'Tutti') => (
    <div className="list-filter">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <Dropdown
        inputId={`filter-${name}`}
        pt={dropdownPt(label)}
        value={params.filters[name] ?? null}
        options={options}
        onChange={(e) => params.setFilter(name, (e.value as string | null) ?? undefined)}
        placeholder={placeholder}
        showClear
        className="w-full"
        data-testid={`filter-${name}`}
      />
    </div>
  );
  const lookupFilter = (name: FilterName, kindOf: 'cave' | 'materiali' | 'ubicazioni', label: string, placeholder: string) => (
    <div className="list-filter">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <LookupDropdown kind={kindOf} id={`filter-${name}`} label={label} value={params.filters[name]} onChange={(v) => params.setFilter(name, v ?? undefined)} placeholder={placeholder} showClear includeInactive testId={`filter-${name}`} />
    </div>
  );

  return (
    <>
      <PageHeader title={labels.title} icon={labels.icon}>
        <ExportButtons download={(format) => exportBlocchi(kind, filters, format)} fallbackName={kind} />
        {newButton}
      </PageHeader>

      <section className="card" aria-label={`Elenco ${labels.plurale.toLowerCase()}`}>
        <ListFilters
          active={activeFilters}
          onClear={params.clear}
          search={
            <ListSearch
              value={params.q}
              onSearch={params.setQ}
              label="Cerca"
              placeholder={interno ? 'Codice, tracciabilità, note' : 'Codice, n. fornitore, tracciabilità, note'}
            />
          }
        >
          {dropdownFilter('stato', 'Stato', STATO_OPTIONS)}
          {lookupFilter('materialeId', 'materiali', 'Materiale', 'Tutti')}
          {dropdownFilter('scelta', 'Scelta', SCELTA_FILTER_OPTIONS, 'Tutte')}
          {dropdownFilter('categoria', 'Categoria', CATEGORIA_FILTER_OPTIONS, 'Tutte')}
          {interno && lookupFilter('cavaId', 'cave', 'Cava', 'Tutte')}
          {lookupFilter('ubicazioneId', 'ubicazioni', 'Ubicazione', 'Tutte')}
          {!interno && (
            <div className="list-filter list-filter-wide">
              <label htmlFor="filter-fornitoreId">Fornitore</label>
              <AnagraficaPicker
                which="fornitori"
                choices={(q) => anagraficheChoicesQueryOptions(kind, 'fornitori', q)}
                id="filter-fornitoreId"
                value={fornitore ?? (params.filters.fornitoreId ? { _id: params.filters.fornitoreId, ragioneSociale: list.data?.items.find((b) => b.fornitore?._id === params.filters.fornitoreId)?.fornitore?.ragioneSociale ?? 'Fornitore scelto' } : null)}
                onChange={(v) => {
                  setFornitore(v);
                  params.setFilter('fornitoreId', v?._id);
                }}
              />
            </div>
          )}
          <div className="list-filter list-filter-date">
            <label htmlFor="filter-dal">Registrati dal</label>
            <DateInput id="filter-dal" value={params.filters.dal} onChange={(v) => params.setFilter('dal', v ?? undefined)} max={params.filters.al} testId="filter-dal" />
          </div>
          <div className="list-filter list-filter-date">
            <label htmlFor="filter-al">al</label>
            <DateInput id="filter-al" value={params.filters.al} onChange={(v) => params.setFilter('al', v ?? undefined)} min={params.filters.dal} testId="filter-al" />
          </div>
          {params.filters.bancataId && (
            <div className="list-filter list-filter-chip">
              <span className="filter-chip" data-testid="filter-bancata">
                Bancata {bancataFiltered ?? 'scelta'}
                <Button type="button" icon="pi pi-times" text rounded size="small" aria-label="Togli il filtro per bancata" onClick={() => params.setFilter('bancataId', undefined)} />
              </span>
            </div>
          )}
        </ListFilters>

        <ListTotals items={totals} loading={summary.isPending} label={`Totali dei ${labels.plurale.toLowerCase()} filtrati`} />

        <ListTable
          label={labels.plurale}
          query={list}
          params={params}
          columns={columns}
          rowLink={(b) => `${labels.base}/${b._id}`}
          linkState={linkState}
          onOpen={open}
          card={(b) => ({
            title: b.codice,
            badge: <BloccoStatoTag stato={b.stato} />,
            lines: [
              `${b.materiale.nome} · ${SCELTA_LABELS[b.scelta]} · ${CATEGORIA_LABELS[b.categoria]}`,
              `${formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta)} · ${formatVolume(b.volumeNetto)} · ${formatWeight(b.pesoTeorico)}`,
              [provenienza(b), b.ubicazione?.nome].filter(Boolean).join(' · '),
            ].filter(Boolean),
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <BloccoFormDialog
          kind={kind}
          onClose={() => setCreating(false)}
          onSaved={(b) => {
            setCreating(false);
            notify({ severity: 'success', summary: interno ? 'Blocco registrato' : 'Blocco esterno registrato', detail: b.codice });
            open(b);
          }}
        />
      )}
    </>
  );
}
