import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { LookupKind } from '@gestcava/contracts';
import { FormField } from './form-field';
import { LookupDropdown } from './lookup-dropdown';

/**
 * A form's cava, materiale, ubicazione or macchina (docs/screens.md "Forms"): label, error and hint
 * around a LookupDropdown bound to the form's id field.
 */
export function LookupField<T extends FieldValues, O>({
  control,
  name,
  kind,
  id,
  label,
  required,
  error,
  hint,
  className,
  cleared,
  placeholder,
  testId,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  kind: LookupKind;
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** the form's value when the choice is cleared (default: undefined) */
  cleared?: '';
  placeholder?: string;
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
          <LookupDropdown
            kind={kind}
            id={id}
            label={label}
            value={field.value as string | null | undefined}
            onChange={(v) => field.onChange(v ?? cleared)}
            onBlur={field.onBlur}
            error={error}
            placeholder={placeholder}
            testId={testId}
          />
        )}
      />
    </FormField>
  );
}
