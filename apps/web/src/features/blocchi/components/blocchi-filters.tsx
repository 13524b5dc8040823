import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import {
  BLOCCO_STATI,
  BLOCCO_STATO_LABELS,
  CATEGORIE,
  CATEGORIA_LABELS,
  SCELTE,
  SCELTA_LABELS,
  type BloccoListItem,
} from '@gestcava/contracts';
import { ListFilters } from '@/components/list/list-filters';
import { ListSearch } from '@/components/list/list-search';
import type { ListParams } from '@/components/list/use-list-params';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { NumberInput } from '@/components/form/number-input';
import { anagraficheChoicesQueryOptions, type BloccoKind } from '../api/blocchi';
import type { BloccoFilterName } from './blocchi-filter-rules';

const STATO_OPTIONS = BLOCCO_STATI.map((s) => ({ value: s, label: BLOCCO_STATO_LABELS[s] }));
const SCELTA_FILTER_OPTIONS = SCELTE.map((s) => ({ value: s, label: SCELTA_LABELS[s] }));
const CATEGORIA_FILTER_OPTIONS = CATEGORIE.map((c) => ({ value: c, label: CATEGORIA_LABELS[c] }));

/**
 * The search and filters of the blocchi lists: stato, materiale, scelta, categoria, cava (own
 * blocks), ubicazione, fornitore (bought-in), cliente, options expiring soon, net volume and price
 * ranges, registration dates and the bancata chip. `rows` names the picked fornitore or cliente
 * after a reload, when only its id is in the URL.
 */
export function BlocchiFilters({
  kind,
  params,
  rows,
}: {
  kind: BloccoKind;
  params: ListParams<BloccoFilterName>;
  rows: readonly BloccoListItem[];
}) {
  const interno = kind === 'blocchi';
  const { filters } = params;
  const bancataFiltered = filters.bancataId
    ? rows.find((b) => b.bancata?._id === filters.bancataId)?.bancata?.codice
    : undefined;

  const dropdownFilter = (
    name: BloccoFilterName,
    label: string,
    options: { value: string; label: string }[],
    placeholder = 'Tutti',
  ) => (
    <div className="list-filter">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <Dropdown
        inputId={`filter-${name}`}
        pt={dropdownPt(label)}
        value={filters[name] ?? null}
        options={options}
        onChange={(e) => params.setFilter(name, (e.value as string | null) ?? undefined)}
        placeholder={placeholder}
        showClear
        className="w-full"
        data-testid={`filter-${name}`}
      />
    </div>
  );
  const lookupFilter = (
    name: BloccoFilterName,
    kindOf: 'cave' | 'materiali' | 'ubicazioni',
    label: string,
    placeholder: string,
  ) => (
    <div className="list-filter">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <LookupDropdown
        kind={kindOf}
        id={`filter-${name}`}
        label={label}
        value={filters[name]}
        onChange={(v) => params.setFilter(name, v ?? undefined)}
        placeholder={placeholder}
        showClear
        includeInactive
        testId={`filter-${name}`}
      />
    </div>
  );

  return (
    <ListFilters
      active={Object.keys(filters).length}
      onClear={params.clear}
      search={
        <ListSearch
          value={params.q}
          onSearch={params.setQ}
          label="Cerca"
          placeholder={
            interno
              ? 'Codice, materiale, tracciabilità, note'
              : 'Codice, materiale, n. fornitore, tracciabilità'
          }
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
        <AnagraficaFilter
          kind={kind}
          which="fornitori"
          label="Fornitore"
          params={params}
          known={
            rows.find((b) => b.fornitore?._id === filters.fornitoreId)?.fornitore?.ragioneSociale
          }
        />
      )}
      <AnagraficaFilter
        kind={kind}
        which="clienti"
        label="Cliente"
        params={params}
        known={rows.find((b) => b.cliente?._id === filters.clienteId)?.cliente?.ragioneSociale}
      />
      <div className="list-filter list-filter-check">
        <Checkbox
          inputId="filter-inScadenza"
          checked={filters.inScadenza === 'true'}
          onChange={(e) => params.setFilter('inScadenza', e.checked ? 'true' : undefined)}
          data-testid="filter-inScadenza"
        />
        <label htmlFor="filter-inScadenza">Opzionati in scadenza</label>
      </div>
      <AmountFilter name="volumeMin" label="Volume netto da (m³)" params={params} decimals={3} />
      <AmountFilter name="volumeMax" label="a (m³)" params={params} decimals={3} />
      <AmountFilter name="prezzoMin" label="Prezzo da (€)" params={params} decimals={2} />
      <AmountFilter name="prezzoMax" label="a (€)" params={params} decimals={2} />
      <div className="list-filter list-filter-date">
        <label htmlFor="filter-dal">{interno ? 'Riquadrati dal' : 'Registrati dal'}</label>
        <DateInput
          id="filter-dal"
          value={filters.dal}
          onChange={(v) => params.setFilter('dal', v ?? undefined)}
          max={filters.al}
          testId="filter-dal"
        />
      </div>
      <div className="list-filter list-filter-date">
        <label htmlFor="filter-al">al</label>
        <DateInput
          id="filter-al"
          value={filters.al}
          onChange={(v) => params.setFilter('al', v ?? undefined)}
          min={filters.dal}
          testId="filter-al"
        />
      </div>
      {filters.origine === 'tutte' && (
        <div className="list-filter list-filter-chip">
          <span className="filter-chip" data-testid="filter-origine">
            Propri e acquistati
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              size="small"
              aria-label={interno ? 'Solo i blocchi propri' : 'Solo i blocchi acquistati'}
              onClick={() => params.setFilter('origine', undefined)}
            />
          </span>
        </div>
      )}
      {filters.bancataId && (
        <div className="list-filter list-filter-chip">
          <span className="filter-chip" data-testid="filter-bancata">
            Bancata {bancataFiltered ?? 'scelta'}
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              size="small"
              aria-label="Togli il filtro per bancata"
              onClick={() => params.setFilter('bancataId', undefined)}
            />
          </span>
        </div>
      )}
    </ListFilters>
  );
}

function AnagraficaFilter({
  kind,
  which,
  label,
  params,
  known,
}: {
  kind: BloccoKind;
  which: 'clienti' | 'fornitori';
  label: string;
  params: ListParams<BloccoFilterName>;
  /** its name when a listed row shows it */
  known: string | undefined;
}) {
  const name = which === 'clienti' ? 'clienteId' : 'fornitoreId';
  const [picked, setPicked] = useState<PickedAnagrafica | null>(null);
  const id = params.filters[name];
  const value = id
    ? picked?._id === id
      ? picked
      : { _id: id, ragioneSociale: known ?? `${label} scelto` }
    : null;
  return (
    <div className="list-filter list-filter-wide">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <AnagraficaPicker
        which={which}
        choices={(q) => anagraficheChoicesQueryOptions(kind, which, q)}
        id={`filter-${name}`}
        value={value}
        onChange={(v) => {
          setPicked(v);
          params.setFilter(name, v?._id);
        }}
      />
    </div>
  );
}

/** A number typed the Italian way, sent when the field is left (not at every key). */
function AmountFilter({
  name,
  label,
  params,
  decimals,
}: {
  name: BloccoFilterName;
  label: string;
  params: ListParams<BloccoFilterName>;
  decimals: number;
}) {
  const current = params.filters[name];
  const [value, setValue] = useState<number | null>(current === undefined ? null : Number(current));
  // the URL changed from elsewhere ("Azzera filtri", back): show its value
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    setValue(current === undefined ? null : Number(current));
  }
  const commit = () =>
    params.setFilter(name, value === null || value < 0 ? undefined : String(value));
  return (
    <div className="list-filter list-filter-date">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <NumberInput
        id={`filter-${name}`}
        value={value}
        onChange={setValue}
        onBlur={commit}
        decimals={decimals}
        testId={`filter-${name}`}
      />
    </div>
  );
}
