import {
  FINITURA_LABELS,
  FINITURE,
  LASTRA_STATI,
  LASTRA_STATO_LABELS,
  SCELTA_LABELS,
  SCELTE,
  SPESSORI_LASTRE_MM,
} from '@gestcava/contracts';
import { ListFilter } from '@/components/list/list-filter';
import { ListOptionFilter } from '@/components/list/list-page';
import { ListFilters } from '@/components/list/list-filters';
import { ListSearch } from '@/components/list/list-search';
import type { ListParams } from '@/components/list/use-list-params';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import type { StockFilterName } from './stock-filter-rules';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
const SPESSORE_OPTIONS = SPESSORI_LASTRE_MM.map((s) => ({ value: String(s), label: `${s} mm` }));

/** Search and filters of the bundles and slabs lists (material, thickness, finish, grade, location; state of a slab). */
export function StockFilters({
  params,
  withStato,
  placeholder,
}: {
  params: ListParams<StockFilterName>;
  withStato: boolean;
  placeholder: string;
}) {
  const f = params.filters;
  const set = (name: StockFilterName) => (v: string | null | undefined) =>
    params.setFilter(name, v ?? undefined);
  const active = Object.keys(f).filter((k) => withStato || k !== 'stato').length;
  return (
    <ListFilters
      active={active}
      onClear={params.clear}
      search={
        <ListSearch
          value={params.q}
          onSearch={params.setQ}
          label="Cerca"
          placeholder={placeholder}
        />
      }
    >
      <ListFilter id="filter-materiale" label="Materiale">
        <LookupDropdown
          kind="materiali"
          id="filter-materiale"
          label="Materiale"
          value={f.materialeId}
          onChange={set('materialeId')}
          placeholder="Tutti"
          showClear
          includeInactive
        />
      </ListFilter>
      <ListOptionFilter
        params={params}
        name="spessoreMm"
        id="filter-spessore"
        label="Spessore"
        options={SPESSORE_OPTIONS}
        placeholder="Tutti"
      />
      <ListOptionFilter
        params={params}
        name="finitura"
        label="Finitura"
        options={options(FINITURE, FINITURA_LABELS)}
        placeholder="Tutte"
      />
      <ListOptionFilter
        params={params}
        name="scelta"
        label="Scelta"
        options={options(SCELTE, SCELTA_LABELS)}
        placeholder="Tutte"
      />
      {withStato && (
        <ListOptionFilter
          params={params}
          name="stato"
          label="Stato"
          options={options(LASTRA_STATI, LASTRA_STATO_LABELS)}
          placeholder="Tutti"
        />
      )}
      <ListFilter id="filter-ubicazione" label="Ubicazione">
        <LookupDropdown
          kind="ubicazioni"
          id="filter-ubicazione"
          label="Ubicazione"
          value={f.ubicazioneId}
          onChange={set('ubicazioneId')}
          placeholder="Tutte"
          showClear
          includeInactive
        />
      </ListFilter>
    </ListFilters>
  );
}
