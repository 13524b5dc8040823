import { Dropdown } from 'primereact/dropdown';
import { FINITURA_LABELS, FINITURE, LASTRA_STATI, LASTRA_STATO_LABELS, SCELTA_LABELS, SCELTE, SPESSORI_LASTRE_MM } from '@gestcava/contracts';
import { ListFilter } from '@/components/list/list-filter';
import { ListFilters } from '@/components/list/list-filters';
import { ListSearch } from '@/components/list/list-search';
import type { ListParams } from '@/components/list/use-list-params';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import type { StockFilterName } from './stock-filter-rules';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));
const SPESSORE_OPTIONS = SPESSORI_LASTRE_MM.map((s) => ({ value: String(s), label: `${s} mm` }));

/** Search and filters of the bundles and slabs lists (material, thickness, finish, grade, location; state of a slab). */
export function StockFilters({ params, withStato, placeholder }: { params: ListParams<StockFilterName>; withStato: boolean; placeholder: string }) {
  const f = params.filters;
  const set = (name: StockFilterName) => (v: string | null | undefined) => params.setFilter(name, v ?? undefined);
  const active = Object.keys(f).filter((k) => withStato || k !== 'stato').length;
  return (
    <ListFilters active={active} onClear={params.clear} search={<ListSearch value={params.q} onSearch={params.setQ} label="Cerca" placeholder={placeholder} />}>
      <ListFilter id="filter-materiale" label="Materiale">
        <LookupDropdown kind="materiali" id="filter-materiale" label="Materiale" value={f.materialeId} onChange={set('materialeId')} placeholder="Tutti" showClear includeInactive />
      </ListFilter>
      <ListFilter id="filter-spessore" label="Spessore">
        <Dropdown inputId="filter-spessore" pt={dropdownPt('Spessore')} value={f.spessoreMm ?? null} options={SPESSORE_OPTIONS} onChange={(e) => set('spessoreMm')(e.value as string | null)} placeholder="Tutti" showClear className="w-full" />
      </ListFilter>
      <ListFilter id="filter-finitura" label="Finitura">
        <Dropdown inputId="filter-finitura" pt={dropdownPt('Finitura')} value={f.finitura ?? null} options={options(FINITURE, FINITURA_LABELS)} onChange={(e) => set('finitura')(e.value as string | null)} placeholder="Tutte" showClear className="w-full" />
      </ListFilter>
      <ListFilter id="filter-scelta" label="Scelta">
        <Dropdown inputId="filter-scelta" pt={dropdownPt('Scelta')} value={f.scelta ?? null} options={options(SCELTE, SCELTA_LABELS)} onChange={(e) => set('scelta')(e.value as string | null)} placeholder="Tutte" showClear className="w-full" />
      </ListFilter>
      {withStato && (
        <ListFilter id="filter-stato" label="Stato">
          <Dropdown inputId="filter-stato" pt={dropdownPt('Stato')} value={f.stato ?? null} options={options(LASTRA_STATI, LASTRA_STATO_LABELS)} onChange={(e) => set('stato')(e.value as string | null)} placeholder="Tutti" showClear className="w-full" />
        </ListFilter>
      )}
      <ListFilter id="filter-ubicazione" label="Ubicazione">
        <LookupDropdown kind="ubicazioni" id="filter-ubicazione" label="Ubicazione" value={f.ubicazioneId} onChange={set('ubicazioneId')} placeholder="Tutte" showClear includeInactive />
      </ListFilter>
    </ListFilters>
  );
}
