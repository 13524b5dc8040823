import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { DropdownField } from '@/components/form/dropdown-field';
import { fid, type FormValues, type Output } from './blocco-form-values';
import { BLOCCO_FIELD_LABELS as L } from './blocco-format';

export type BloccoForm = UseFormReturn<FormValues, unknown, Output>;

/** A number of the blocco form (measure, price, weight) with its unit. */
export function BloccoNumberField({
  form,
  name,
  label,
  unit,
  decimals,
  required,
  className = 'col-12 sm:col-4',
  placeholder,
  hint,
}: {
  form: BloccoForm;
  name: keyof FormValues;
  label?: string;
  unit: string;
  decimals: number;
  required?: boolean;
  className?: string;
  placeholder?: string;
  hint?: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField
      id={fid(name)}
      label={label ?? L[name] ?? name}
      required={required}
      error={error}
      className={className}
      hint={hint}
    >
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <NumberInput
            id={fid(name)}
            ref={field.ref}
            value={field.value as number | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            decimals={decimals}
            unit={unit}
            placeholder={placeholder}
            error={error}
          />
        )}
      />
    </FormField>
  );
}

/** A required choice of the blocco form (scelta, categoria, price unit). */
export function BloccoChoiceField({
  form,
  name,
  options,
  className = 'col-12 sm:col-4',
  label,
}: {
  form: BloccoForm;
  name: 'scelta' | 'categoria' | 'unitaPrezzo' | 'unitaPrezzoAcquisto';
  options: { value: string; label: string }[];
  className?: string;
  label?: string;
}) {
  return (
    <DropdownField
      control={form.control}
      name={name}
      id={fid(name)}
      label={label ?? L[name] ?? name}
      required
      error={form.formState.errors[name]?.message}
      className={className}
      options={options}
    />
  );
}
