import type { FieldValues } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { BoundField, type BoundFieldProps } from './bound-field';
import { dropdownPt } from './dropdown-a11y';
import { invalidProps } from './form-errors';

/**
 * A form's field chosen from a list (docs/screens.md "Forms"): a Dropdown bound to the form, named for
 * screen readers and marked invalid with its error, with its label, error and hint.
 */
export function DropdownField<T extends FieldValues, O, V extends string = string>({
  options,
  optionLabel,
  optionValue,
  shown,
  cleared,
  onPick,
  placeholder,
  emptyMessage,
  showClear,
  loading,
  filterPlaceholder,
  testId,
  ...field
}: BoundFieldProps<T, O> & {
  options: readonly object[];
  /** the options' label and value keys (default `label` and `value`) */
  optionLabel?: string;
  optionValue?: string;
  /** the value shown when the form holds none (default: none chosen) */
  shown?: V;
  /** the form's value when the choice is cleared (default: undefined) */
  cleared?: '' | null;
  /** what else the choice sets in the form, after the field itself */
  onPick?: (value: V | null | undefined) => void;
  placeholder?: string;
  emptyMessage?: string;
  showClear?: boolean;
  loading?: boolean;
  /** a search box over the options, with this placeholder */
  filterPlaceholder?: string;
  testId?: string;
}) {
  const { id, label, error } = field;
  return (
    <BoundField {...field}>
      {({ value, onChange, onBlur }) => (
        <Dropdown
          inputId={id}
          pt={dropdownPt(label)}
          value={(value as V | null | undefined) || (shown ?? null)}
          options={[...options]}
          optionLabel={optionLabel}
          optionValue={optionValue}
          onChange={(e) => {
            const picked = e.value as V | null | undefined;
            onChange(picked ?? cleared);
            onPick?.(picked);
          }}
          onBlur={onBlur}
          placeholder={placeholder}
          emptyMessage={emptyMessage}
          showClear={showClear}
          loading={loading}
          filter={filterPlaceholder !== undefined}
          filterPlaceholder={filterPlaceholder}
          className={`w-full${error ? ' p-invalid' : ''}`}
          {...invalidProps(id, error)}
          data-testid={testId}
        />
      )}
    </BoundField>
  );
}
