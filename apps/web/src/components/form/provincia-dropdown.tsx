import { Dropdown } from 'primereact/dropdown';
import { PROVINCE, type Provincia } from '@gestcava/contracts';
import { invalidProps } from './form-errors';

const OPTIONS = PROVINCE.map((p) => ({ ...p, label: `${p.sigla} — ${p.nome}` })).sort((a, b) =>
  a.nome.localeCompare(b.nome, 'it'),
);

const itemTemplate = (p: (Provincia & { label: string }) | null) =>
  p ? (
    <span className="country-option">
      <span>{p.nome}</span>
      <span className="country-option-code">{p.sigla}</span>
    </span>
  ) : null;

/** Provincia in Italy: the current siglas (data in contracts), searchable by sigla or name. */
export function ProvinciaDropdown({
  id,
  value,
  onChange,
  onBlur,
  error,
  placeholder = 'Scegli la provincia',
  showClear = false,
}: {
  id: string;
  value: string | null | undefined;
  onChange: (sigla: string | null) => void;
  onBlur?: () => void;
  error?: string;
  placeholder?: string;
  showClear?: boolean;
}) {
  // A value that is not a current sigla (typed abroad, or an old one) stays visible as typed.
  const known = !value || OPTIONS.some((o) => o.sigla === value);
  const options = known
    ? OPTIONS
    : [{ sigla: value, nome: value, regione: '', label: value }, ...OPTIONS];
  return (
    <Dropdown
      inputId={id}
      pt={{
        select: { 'aria-label': 'Provincia' },
        trigger: { 'aria-label': 'Scegli la provincia' },
      }}
      value={value || null}
      options={options}
      optionLabel="label"
      optionValue="sigla"
      onChange={(e) => onChange((e.value as string | null | undefined) ?? null)}
      onBlur={onBlur}
      filter
      filterBy="sigla,nome"
      filterPlaceholder="Cerca per sigla o nome"
      emptyFilterMessage="Nessuna provincia trovata"
      itemTemplate={itemTemplate}
      placeholder={placeholder}
      showClear={showClear}
      resetFilterOnHide
      className={`w-full${error ? ' p-invalid' : ''}`}
      {...invalidProps(id, error)}
    />
  );
}
