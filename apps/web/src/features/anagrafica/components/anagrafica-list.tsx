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
import type { ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListFilter } from '@/components/list/list-filter';
import { ListPage } from '@/components/list/list-page';
import { useListPage } from '@/components/list/use-list-page';
import { CountryDropdown } from '@/components/form/country-dropdown';
import { ProvinciaDropdown } from '@/components/form/provincia-dropdown';
import { ExportButtons } from '@/components/export-buttons';
import { StatusTag } from '@/components/status-tag';
import { formatInteger } from '@/lib/format';
import {
  useAnagrafiche,
  useAnagraficaSummary,
  exportAnagrafiche,
  type AnagraficaFilters,
} from '../api/anagrafica';
import { AnagraficaFormDialog } from './anagrafica-form';
import { countryName, formatTelefono, placeOf, taxIdOf } from './anagrafica-format';

type FilterName = 'nazione' | 'provincia' | 'attivo';

const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  nazione: (v) => (isCountryCode(v.toUpperCase()) ? v.toUpperCase() : undefined),
  provincia: (v) => (/^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : undefined),
  attivo: (v) => (v === 'true' || v === 'false' ? v : undefined),
};
const LIST_CONFIG = {
  sortFields: ANAGRAFICA_SORT_FIELDS,
  defaultSort: 'ragioneSociale',
  filters: FILTER_RULES,
  toFilters: (q: string, f: Partial<Record<FilterName, string>>): AnagraficaFilters => ({
    q: q || undefined,
    nazione: f.nazione,
    provincia: f.provincia,
    attivo: f.attivo as AnagraficaFilters['attivo'],
  }),
};
const CONFIGS = {
  clienti: { ...LIST_CONFIG, permission: 'clienti' },
  fornitori: { ...LIST_CONFIG, permission: 'fornitori' },
} as const;

const ATTIVO_OPTIONS = [
  { label: 'Attivi', value: 'true' },
  { label: 'Non attivi', value: 'false' },
];

const COLUMNS: ListColumn<Anagrafica>[] = [
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
  {
    field: 'partitaIva',
    header: 'P.IVA / C.F.',
    body: (r) => taxIdOf(r) || '—',
    className: 'col-nowrap',
  },
  { field: 'comune', header: 'Comune', sortable: true },
  { field: 'provincia', header: 'Prov.', sortable: true, body: (r) => r.provincia ?? '' },
  { field: 'nazione', header: 'Nazione', sortable: true, body: (r) => countryName(r.nazione) },
  {
    field: 'telefono',
    header: 'Telefono',
    body: (r) => formatTelefono(r.telefono),
    className: 'col-nowrap',
  },
  {
    field: 'email',
    header: 'Email',
    body: (r) => r.email ?? r.pec ?? '',
    className: 'col-ellipsis',
  },
];

/**
 * Clienti or fornitori (docs/screens.md "Lists"): server paging and sort, search, filters and their
 * totals, all in the URL; export of the filtered list; `Nuovo` for those who may write.
 */
export function AnagraficaList({ kind }: { kind: AnagraficaKind }) {
  const labels = ANAGRAFICA_KIND_LABELS[kind];
  const noun = labels.singolare.toLowerCase();
  const nounPlural = labels.plurale.toLowerCase();
  const page = useListPage<FilterName, AnagraficaFilters, Anagrafica>(CONFIGS[kind]);
  const { params } = page;
  const list = useAnagrafiche(kind, page.query);
  const summary = useAnagraficaSummary(kind, page.filters);
  const base = ENTITY_PAGES[ANAGRAFICA_ENTITY_TYPES[kind]].path;
  const icon = kind === 'clienti' ? 'pi pi-users' : 'pi pi-briefcase';
  const s = summary.data;

  const toolbar = (
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
  );

  return (
    <ListPage
      page={page}
      title={labels.plurale}
      icon={icon}
      actions={
        <ExportButtons
          download={(format) => exportAnagrafiche(kind, page.filters, format)}
          fallbackName={nounPlural}
        />
      }
      newButton={{ label: 'Nuovo', testId: 'anagrafica-new' }}
      label={`Elenco ${nounPlural}`}
      toolbar={toolbar}
      totals={{
        label: `Totali dei ${nounPlural} filtrati`,
        loading: summary.isPending,
        items: [
          { label: 'Totale', value: formatInteger(s?.totale) },
          { label: 'Attivi', value: formatInteger(s?.attivi) },
          { label: 'Non attivi', value: formatInteger(s?.nonAttivi) },
          { label: 'Italiani', value: formatInteger(s?.italiani) },
          { label: 'Esteri', value: formatInteger(s?.esteri) },
          { label: 'Pubblica amministrazione', value: formatInteger(s?.pubblicaAmministrazione) },
        ],
      }}
      table={{
        label: labels.plurale,
        query: list,
        columns: COLUMNS,
        rowLink: (r) => `${base}/${r._id}`,
        rowClassName: (r) => (r.attivo ? '' : 'list-row-inactive'),
        card: (r) => ({
          title: r.ragioneSociale,
          badge: r.attivo ? undefined : <StatusTag active={false} />,
          lines: [placeOf(r), taxIdOf(r), formatTelefono(r.telefono)].filter(Boolean),
        }),
      }}
      empty={{
        noMatch: `Nessun ${noun}`,
        icon,
        title: `Nessun ${noun} registrato`,
        text:
          kind === 'clienti'
            ? 'Qui compariranno i clienti della ditta, italiani ed esteri, con i dati fiscali verificati.'
            : 'Qui compariranno i fornitori e i terzisti della ditta, con i dati fiscali verificati.',
      }}
      createDialog={
        <AnagraficaFormDialog
          kind={kind}
          visible={page.creating}
          onClose={() => page.setCreating(false)}
          onSaved={(record) =>
            page.created(`${base}/${record._id}`, {
              summary: `${labels.singolare} creato`,
              detail: record.ragioneSociale,
            })
          }
        />
      }
    />
  );
}
