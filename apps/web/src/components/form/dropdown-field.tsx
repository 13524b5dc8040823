import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { dropdownPt } from './dropdown-a11y';
import { FormField } from './form-field';
import { invalidProps } from './form-errors';

/**
 * A form's field chosen from a list (docs/screens.md "Forms"): label, error and hint around a Dropdown
 * bound to the form, named for screen readers and marked invalid with its error.
 */
export function DropdownField<T extends FieldValues, O, V extends string = string>({
  control,
  name,
  id,
  label,
  required,
  error,
  hint,
  className,
  options,
  optionLabel,
  optionValue,
  shown,
  cleared,
  placeholder,
  emptyMessage,
  testId,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  options: readonly object[];
  /** the options' label and value keys (default `label` and `value`) */
  optionLabel?: string;
  optionValue?: string;
  /** the value shown when the form holds none (default: none chosen) */
  shown?: V;
  /** the form's value when the choice is cleared (default: undefined) */
  cleared?: '' | null;
  placeholder?: string;
  emptyMessage?: string;
  testId?: string;
}) {
  return (
    <FormField
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Dropdown
            inputId={id}
            pt={dropdownPt(label)}
            value={(field.value as V | null | undefined) || (shown ?? null)}
            options={[...options]}
            optionLabel={optionLabel}
            optionValue={optionValue}
            onChange={(e) => field.onChange((e.value as V | null | undefined) ?? cleared)}
            onBlur={field.onBlur}
            placeholder={placeholder}
            emptyMessage={emptyMessage}
            className={`w-full${error ? ' p-invalid' : ''}`}
            {...invalidProps(id, error)}
            data-testid={testId}
          />
        )}
      />
    </FormField>
  );
}
