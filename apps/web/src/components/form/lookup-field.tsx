import type { FieldValues } from 'react-hook-form';
import type { LookupKind } from '@gestcava/contracts';
import { BoundField, type BoundFieldProps } from './bound-field';
import { LookupDropdown } from './lookup-dropdown';

/**
 * A form's cava, materiale, ubicazione or macchina (docs/screens.md "Forms"): a LookupDropdown bound
 * to the form's id field, with its label, error and hint.
 */
export function LookupField<T extends FieldValues, O>({
  kind,
  cleared,
  placeholder,
  testId,
  ...field
}: BoundFieldProps<T, O> & {
  kind: LookupKind;
  /** the form's value when the choice is cleared (default: undefined) */
  cleared?: '';
  placeholder?: string;
  testId?: string;
}) {
  return (
    <BoundField {...field}>
      {({ value, onChange, onBlur }) => (
        <LookupDropdown
          kind={kind}
          id={field.id}
          label={field.label}
          value={value as string | null | undefined}
          onChange={(v) => onChange(v ?? cleared)}
          onBlur={onBlur}
          error={field.error}
          placeholder={placeholder}
          testId={testId}
        />
      )}
    </BoundField>
  );
}
