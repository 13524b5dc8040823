import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { COUNTRIES, getDialCode, type Country } from '@gestcava/contracts';
import { joinTelefono, splitTelefono } from './telefono';
import { invalidProps } from './form-errors';

const itemTemplate = (c: Country | null) =>
  c ? (
    <span className="country-option">
      <span>{c.name}</span>
      <span className="country-option-code">{c.dialCode}</span>
    </span>
  ) : null;
const valueTemplate = (c: Country | null, props: { placeholder?: string }) =>
  c ? <span>{`${c.code} ${c.dialCode}`}</span> : <span>{props.placeholder}</span>;

/**
 * Telefono with its dial code (docs/domain.md): a searchable country dropdown for the prefix beside
 * the number. The field's value is one string (`+39 0585 123456`), what the schema checks.
 */
export function TelefonoInput({
  id,
  value,
  onChange,
  onBlur,
  defaultCountry,
  error,
}: {
  id: string;
  value: string | null | undefined;
  onChange: (telefono: string) => void;
  onBlur?: () => void;
  /** the nazione of the record: the prefix while no number is typed */
  defaultCountry: string;
  error?: string;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const parsed = splitTelefono(value, chosen ?? defaultCountry);
  const country =
    chosen && getDialCode(chosen) === getDialCode(parsed.country) ? chosen : parsed.country;

  return (
    <div className="p-inputgroup telefono-input">
      <label htmlFor={`${id}-prefix`} className="p-hidden-accessible">
        Prefisso internazionale
      </label>
      <Dropdown
        inputId={`${id}-prefix`}
        pt={{
          select: { 'aria-label': 'Prefisso internazionale' },
          trigger: { 'aria-label': 'Scegli il prefisso internazionale' },
        }}
        value={country}
        options={COUNTRIES as Country[]}
        optionLabel="name"
        optionValue="code"
        onChange={(e) => {
          const next = (e.value as string | null) ?? defaultCountry;
          setChosen(next);
          onChange(joinTelefono(next, parsed.number));
        }}
        filter
        filterBy="name,code,dialCode"
        filterPlaceholder="Cerca paese o prefisso"
        emptyFilterMessage="Nessun paese trovato"
        itemTemplate={itemTemplate}
        valueTemplate={valueTemplate}
        resetFilterOnHide
        className="telefono-prefix"
      />
      <InputText
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={parsed.number}
        onChange={(e) => onChange(joinTelefono(country, e.target.value))}
        onBlur={onBlur}
        className={error ? 'p-invalid' : undefined}
        {...invalidProps(id, error)}
      />
    </div>
  );
}
