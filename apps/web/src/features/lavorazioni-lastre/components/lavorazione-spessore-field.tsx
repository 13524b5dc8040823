import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { SPESSORI_LASTRE_MM, type lavorazioneLastreCreateSchema } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';

type FormInput = z.input<typeof lavorazioneLastreCreateSchema>;
const fid = (name: string) => `lavorazione-${name}`;

/** The slabs' thickness in mm, typed or one of the common ones (2, 3, 4, 5 cm) in a tap. */
export function LavorazioneSpessoreField({
  control,
  setValue,
  error,
}: {
  control: Control<FormInput>;
  setValue: UseFormSetValue<FormInput>;
  error: string | undefined;
}) {
  return (
    <FormField id={fid('spessoreMm')} label="Spessore" required error={error}>
      <Controller
        control={control}
        name="spessoreMm"
        render={({ field }) => (
          <>
            <NumberInput
              id={fid('spessoreMm')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              decimals={0}
              unit="mm"
              error={error}
              testId="lavorazione-spessore"
            />
            <div className="flex flex-wrap gap-1 mt-1" role="group" aria-label="Spessori comuni">
              {SPESSORI_LASTRE_MM.map((s) => (
                <Button
                  key={s}
                  type="button"
                  label={`${s / 10} cm`}
                  size="small"
                  outlined={field.value !== s}
                  onClick={() =>
                    setValue('spessoreMm', s, { shouldDirty: true, shouldValidate: true })
                  }
                  aria-pressed={field.value === s}
                  data-testid={`lavorazione-spessore-${s}`}
                />
              ))}
            </div>
          </>
        )}
      />
    </FormField>
  );
}
