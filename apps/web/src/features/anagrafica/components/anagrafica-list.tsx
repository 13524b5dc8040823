import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import {
  ANAGRAFICA_ENTITY_TYPES,
  ANAGRAFICA_KIND_LABELS,
  ANAGRAFICA_SORT_FIELDS,
  ENTITY_PAGES,
  isCountryCode,
  type Anagrafica,
  type AnagraficaKind,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListFilter } from '@/components/list/list-filter';
import { ListTotals } from '@/components/list/list-totals';
import { useListParams } from '@/components/list/use-list-params';
import { CountryDropdown } from '@/components/form/country-dropdown';
import { ProvinciaDropdown } from '@/components/form/provincia-dropdown';
import { ExportButtons } from '@/components/export-buttons';
import { StatusTag } from '@/components/status-tag';
import { formatInteger } from '@/lib/format';
import { notify } from '@/lib/toast';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useAnagrafiche, useAnagraficaSummary, exportAnagrafiche, type AnagraficaFilters } from '../api/anagrafica';
import { AnagraficaFormDialog } from './anagrafica-form';
import { countryName, formatTelefono, placeOf, taxIdOf } from './anagrafica-format';

type FilterName = 'nazione' | 'provincia' | 'attivo';

const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  nazione: (v) => (isCountryCode(v.toUpperCase()) ? v.toUpperCase() : undefined),
  provincia: (v) => (/^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : undefined),
  attivo: (v) => (v === 'true' || v === 'false' ? v : undefined),
};
const LIST_CONFIG = { sortFields: ANAGRAFICA_SORT_FIELDS, defaultSort: 'ragioneSociale', filters: FILTER_RULES };

const ATTIVO_OPTIONS = [
  { label: 'Attivi', value: 'true' },
  { label: 'Non attivi', value: 'false' },
];

/**
 * Clienti or fornitori (DESIGN §5 "Lists"): server paging and sort, search, filters and their
 * totals, all in the URL; export of the filtered list; `Nuovo` for those who may write.
 */
export function AnagraficaList({ kind }: { kind: AnagraficaKind }) {
  const labels = ANAGRAFICA_KIND_LABELS[kind];
  const noun = labels.singolare.toLowerCase();
  const nounPlural = labels.plurale.toLowerCase();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, kind, 'write');
  const params = useListParams<FilterName>(LIST_CONFIG);
  const [creating, setCreating] = useState(false);

  const filters: AnagraficaFilters = useMemo(
    () => ({
      q: params.q || undefined,
      nazione: params.filters.nazione,
      provincia: params.filters.provincia,
      attivo: params.filters.attivo as AnagraficaFilters['attivo'],
    }),
    [params.q, params.filters],
  );
  const list = useAnagrafiche(kind, { ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useAnagraficaSummary(kind, filters);
  const base = ENTITY_PAGES[ANAGRAFICA_ENTITY_TYPES[kind]].path;
  const linkState = { listSearch: location.search };

  const columns: ListColumn<Anagrafica>[] = [
    {
      field: 'ragioneSociale',
      header: 'Ragione sociale',
      sortable: true,
      className: 'col-main',
      body: (r) => (
        <>
          {r.ragioneSociale}
          {!r.attivo && (
            <>
              {' '}
              <StatusTag active={false} />
            </>
          )}
        </>
      ),
    },
    { field: 'partitaIva', header: 'P.IVA / C.F.', body: (r) => taxIdOf(r) || '—', className: 'col-nowrap' },
    { field: 'comune', header: 'Comune', sortable: true },
    { field: 'provincia', header: 'Prov.', sortable: true, body: (r) => r.provincia ?? '' },
    { field: 'nazione', header: 'Nazione', sortable: true, body: (r) => countryName(r.nazione) },
    { field: 'telefono', header: 'Telefono', body: (r) => formatTelefono(r.telefono), className: 'col-nowrap' },
    { field: 'email', header: 'Email', body: (r) => r.email ?? r.pec ?? '', className: 'col-ellipsis' },
  ];

  const s = summary.data;
  const totals = [
    { label: 'Totale', value: formatInteger(s?.totale) },
    { label: 'Attivi', value: formatInteger(s?.attivi) },
    { label: 'Non attivi', value: formatInteger(s?.nonAttivi) },
    { label: 'Italiani', value: formatInteger(s?.italiani) },
    { label: 'Esteri', value: formatInteger(s?.esteri) },
    { label: 'Pubblica amministrazione', value: formatInteger(s?.pubblicaAmministrazione) },
  ];

  const newButton = writable ? (
    <Button type="button" label="Nuovo" icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="anagrafica-new" />
  ) : null;

  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessun {noun} corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon={kind === 'clienti' ? 'pi pi-users' : 'pi pi-briefcase'} title={`Nessun ${noun} registrato`}>
      <p>
        {kind === 'clienti'
          ? 'Qui compariranno i clienti della ditta, italiani ed esteri, con i dati fiscali verificati.'
          : 'Qui compariranno i fornitori e i terzisti della ditta, con i dati fiscali verificati.'}
      </p>
      {newButton}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title={labels.plurale} icon={kind === 'clienti' ? 'pi pi-users' : 'pi pi-briefcase'}>
        <ExportButtons
          download={(format) => exportAnagrafiche(kind, filters, format)}
          fallbackName={nounPlural}
        />
        {newButton}
      </PageHeader>

      <section className="card" aria-label={`Elenco ${nounPlural}`}>
        <div className="list-toolbar" role="search">
          <ListSearch
            value={params.q}
            onSearch={params.setQ}
            label="Cerca"
            placeholder="Ragione sociale, partita IVA o comune"
          />
          <ListFilter id="filter-nazione" label="Nazione">
            <CountryDropdown
              id="filter-nazione"
              value={params.filters.nazione}
              onChange={(v) => params.setFilter('nazione', v ?? undefined)}
              placeholder="Tutte"
              showClear
            />
          </ListFilter>
          <ListFilter id="filter-provincia" label="Provincia">
            <ProvinciaDropdown
              id="filter-provincia"
              value={params.filters.provincia}
              onChange={(v) => params.setFilter('provincia', v ?? undefined)}
              placeholder="Tutte"
              showClear
            />
          </ListFilter>
          <ListFilter id="filter-attivo" label="Stato">
            <Dropdown
              inputId="filter-attivo"
              pt={{ select: { 'aria-label': 'Stato' }, trigger: { 'aria-label': 'Scegli lo stato' } }}
              value={params.filters.attivo ?? null}
              options={ATTIVO_OPTIONS}
              onChange={(e) => params.setFilter('attivo', (e.value as string | null) ?? undefined)}
              placeholder="Tutti"
              showClear
              className="w-full"
            />
          </ListFilter>
        </div>

        <ListTotals items={totals} loading={summary.isPending} label={`Totali dei ${nounPlural} filtrati`} />

        <ListTable
          label={labels.plurale}
          query={list}
          params={params}
          columns={columns}
          rowLink={(r) => `${base}/${r._id}`}
          linkState={linkState}
          onOpen={(r) => void navigate(`${base}/${r._id}`, { state: linkState })}
          rowClassName={(r) => (r.attivo ? '' : 'list-row-inactive')}
          card={(r) => ({
            title: r.ragioneSociale,
            badge: r.attivo ? undefined : <StatusTag active={false} />,
            lines: [placeOf(r), taxIdOf(r), formatTelefono(r.telefono)].filter(Boolean),
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <AnagraficaFormDialog
          kind={kind}
          visible={creating}
          onClose={() => setCreating(false)}
          onSaved={(record) => {
            setCreating(false);
            notify({ severity: 'success', summary: `${labels.singolare} creato`, detail: record.ragioneSociale });
            void navigate(`${base}/${record._id}`, { state: linkState });
          }}
        />
      )}
    </>
  );
}
