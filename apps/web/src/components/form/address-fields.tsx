import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { CountryDropdown } from './country-dropdown';
import { FormField } from './form-field';
import { invalidProps } from './form-errors';
import { ProvinciaDropdown } from './provincia-dropdown';
import { TelefonoInput } from './telefono-input';

/** The address and contact fields a record of a company shares (a cliente, a fornitore, a group company). */
interface AddressForm {
  nazione?: string | null;
  provincia?: string | null;
  telefono?: string | null;
}

interface FieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  /** the field's id (and the id of its input) */
  id: string;
  error?: string;
  required?: boolean;
  className?: string;
}

/** The nazione, Italy when cleared. */
export function NazioneField<T extends FieldValues & AddressForm, O>({
  control,
  id,
  error,
  required,
  className,
}: FieldProps<T, O>) {
  return (
    <FormField id={id} label="Nazione" required={required} error={error} className={className}>
      <Controller
        control={control}
        name={'nazione' as FieldPath<T>}
        render={({ field }) => (
          <CountryDropdown
            id={id}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'IT')}
            onBlur={field.onBlur}
            error={error}
          />
        )}
      />
    </FormField>
  );
}

/** The provincia: one of Italy's for an Italian address, typed freely otherwise. */
export function ProvinciaField<T extends FieldValues & AddressForm, O>({
  control,
  register,
  id,
  error,
  required,
  className,
  italian,
  showClear,
  maxLength,
}: FieldProps<T, O> & {
  register: UseFormRegister<T>;
  italian: boolean;
  showClear?: boolean;
  maxLength?: number;
}) {
  const name = 'provincia' as FieldPath<T>;
  return (
    <FormField id={id} label="Provincia" required={required} error={error} className={className}>
      {italian ? (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <ProvinciaDropdown
              id={id}
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={error}
              showClear={showClear}
            />
          )}
        />
      ) : (
        <InputText
          id={id}
          maxLength={maxLength}
          autoComplete="address-level1"
          className={`w-full${error ? ' p-invalid' : ''}`}
          {...invalidProps(id, error)}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

/** The telephone, with the nazione's prefix while no number is typed. */
export function TelefonoField<T extends FieldValues & AddressForm, O>({
  control,
  id,
  error,
  className,
  nazione,
}: FieldProps<T, O> & { nazione: string }) {
  return (
    <FormField id={id} label="Telefono" error={error} className={className}>
      <Controller
        control={control}
        name={'telefono' as FieldPath<T>}
        render={({ field }) => (
          <TelefonoInput
            id={id}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            defaultCountry={nazione}
            error={error}
          />
        )}
      />
    </FormField>
  );
}
