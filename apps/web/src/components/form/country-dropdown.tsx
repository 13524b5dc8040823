import { Dropdown } from 'primereact/dropdown';
import { COUNTRIES, type Country } from '@gestcava/contracts';
import { invalidProps } from './form-errors';

const itemTemplate = (c: Country | null) =>
  c ? (
    <span className="country-option">
      <span>{c.name}</span>
      <span className="country-option-code">{c.code}</span>
    </span>
  ) : null;

/** Nazione (docs/domain.md "The records"): the country list by Italian name, searchable by name or ISO code. */
export function CountryDropdown({
  id,
  value,
  onChange,
  onBlur,
  error,
  placeholder = 'Scegli la nazione',
  showClear = false,
  className,
  label = 'Nazione',
}: {
  id: string;
  value: string | null | undefined;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  error?: string;
  placeholder?: string;
  showClear?: boolean;
  className?: string;
  /** name of PrimeReact's hidden native select (it needs one of its own) */
  label?: string;
}) {
  return (
    <Dropdown
      inputId={id}
      pt={{ select: { 'aria-label': label }, trigger: { 'aria-label': `Scegli: ${label}` } }}
      value={value ?? null}
      options={COUNTRIES as Country[]}
      optionLabel="name"
      optionValue="code"
      onChange={(e) => onChange((e.value as string | null | undefined) ?? null)}
      onBlur={onBlur}
      filter
      filterBy="name,code"
      filterPlaceholder="Cerca per nome o sigla"
      emptyFilterMessage="Nessuna nazione trovata"
      itemTemplate={itemTemplate}
      placeholder={placeholder}
      showClear={showClear}
      resetFilterOnHide
      className={`w-full${error ? ' p-invalid' : ''}${className ? ` ${className}` : ''}`}
      {...invalidProps(id, error)}
    />
  );
}
