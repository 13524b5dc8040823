import { useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import type { LookupKind } from '@gestcava/contracts';
import { isLookupActive, useLookups } from '@/lib/lookups';
import { invalidProps } from './form-errors';
import { dropdownPt } from './dropdown-a11y';

type Option = { value: string; label: string };

function labelOf(record: { nome: string; codice?: string }): string {
  return record.codice ? `${record.nome} (${record.codice})` : record.nome;
}

/**
 * A cava, materiale, ubicazione or macchina (docs/domain.md lookups). Only active records are offered,
 * except the one already chosen, which stays visible. Used by forms and by list filters.
 */
export function LookupDropdown({
  kind,
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  placeholder = 'Scegli',
  showClear = false,
  includeInactive = false,
  testId,
}: {
  kind: LookupKind;
  id: string;
  /** the field's name, for the parts of the dropdown its <label> does not reach */
  label: string;
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  error?: string;
  placeholder?: string;
  showClear?: boolean;
  /** filters show every record (old data may use an inactive one) */
  includeInactive?: boolean;
  testId?: string;
}) {
  const lookups = useLookups(kind);
  const options: Option[] = useMemo(
    () =>
      (lookups.data ?? [])
        .filter((r) => includeInactive || isLookupActive(r) || r._id === value)
        .map((r) => ({ value: r._id, label: labelOf(r as { nome: string; codice?: string }) }))
        .sort((a, b) => a.label.localeCompare(b.label, 'it')),
    [lookups.data, includeInactive, value],
  );
  return (
    <Dropdown
      inputId={id}
      pt={dropdownPt(label)}
      value={value ?? null}
      options={options}
      onChange={(e) => onChange((e.value as string | null | undefined) ?? null)}
      onBlur={onBlur}
      placeholder={lookups.isError ? 'Elenco non disponibile' : placeholder}
      emptyMessage={lookups.isPending ? 'Caricamento…' : 'Nessuna voce: aggiungile in Impostazioni'}
      filter={options.length > 8}
      filterPlaceholder="Cerca"
      emptyFilterMessage="Nessuna voce trovata"
      resetFilterOnHide
      showClear={showClear}
      loading={lookups.isPending}
      className={`w-full${error ? ' p-invalid' : ''}`}
      data-testid={testId}
      {...invalidProps(id, error)}
    />
  );
}
