import { Controller, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import {
  FORMATI_PAVIMENTI,
  formatoLabel,
  type lavorazionePavimentiCreateSchema,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';

type FormInput = z.input<typeof lavorazionePavimentiCreateSchema>;
type Misura = 'lunghezzaMm' | 'larghezzaMm' | 'spessoreMm';
const MISURE: Array<{ name: Misura; label: string; className: string }> = [
  { name: 'lunghezzaMm', label: 'Lunghezza', className: 'col-6 md:col-4' },
  { name: 'larghezzaMm', label: 'Larghezza', className: 'col-6 md:col-4' },
  { name: 'spessoreMm', label: 'Spessore', className: 'col-12 md:col-4' },
];

/**
 * The tile's format: one of the preset formats in a tap (the chosen one pressed), or length, width
 * and thickness typed in mm.
 */
export function PavimentiFormatoFields({
  control,
  setValue,
  errors,
  formato,
}: {
  control: Control<FormInput>;
  setValue: UseFormSetValue<FormInput>;
  errors: FieldErrors<FormInput>;
  /** the length and width in the form now */
  formato: { lunghezzaMm: number | undefined; larghezzaMm: number | undefined };
}) {
  const preset = (f: { lunghezzaMm: number; larghezzaMm: number }) => {
    setValue('lunghezzaMm', f.lunghezzaMm, { shouldDirty: true, shouldValidate: true });
    setValue('larghezzaMm', f.larghezzaMm, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <>
      <div className="field col-12">
        <span className="block mb-2 font-medium" id="pavimenti-formati-label">
          Formato
        </span>
        <div
          className="flex flex-wrap gap-1"
          role="group"
          aria-labelledby="pavimenti-formati-label"
        >
          {FORMATI_PAVIMENTI.map((f) => {
            const on =
              formato.lunghezzaMm === f.lunghezzaMm && formato.larghezzaMm === f.larghezzaMm;
            return (
              <Button
                key={formatoLabel(f)}
                type="button"
                label={formatoLabel(f)}
                size="small"
                outlined={!on}
                aria-pressed={on}
                onClick={() => preset(f)}
                data-testid={`pavimenti-formato-${formatoLabel(f)}`}
              />
            );
          })}
        </div>
      </div>
      {MISURE.map(({ name, label, className }) => {
        const id = `pavimenti-${name}`;
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={id} label={label} required error={error} className={className}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  id={id}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  decimals={0}
                  unit="mm"
                  error={error}
                />
              )}
            />
          </FormField>
        );
      })}
    </>
  );
}
