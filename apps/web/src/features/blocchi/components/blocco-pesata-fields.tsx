import { Controller } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { FormField } from '@/components/form/form-field';
import { DateInput } from '@/components/form/date-input';
import { invalidProps } from '@/components/form/form-errors';
import { todayIso } from '@/lib/iso-date';
import { fid } from './blocco-form-values';
import { BLOCCO_FIELD_LABELS as L } from './blocco-format';
import { BloccoNumberField, type BloccoForm } from './blocco-form-fields';

/**
 * The pesata (issue 25 item 10): the tonnes read at the quarry's weighbridge, the day the block
 * crossed it and the ticket (bolla di pesa). The estrazione counts a block on that day.
 */
export function BloccoPesataFields({ form }: { form: BloccoForm }) {
  const { control, register } = form;
  const err = (name: 'dataPesata' | 'numeroPesata') => form.formState.errors[name]?.message;
  return (
    <>
      <h3 className="form-section-title col-12">Pesata</h3>
      <BloccoNumberField
        form={form}
        name="pesoPesa"
        unit="t"
        decimals={2}
        hint="Il peso letto alla pesa, se c’è"
      />
      <FormField
        id={fid('dataPesata')}
        label={L.dataPesata ?? ''}
        error={err('dataPesata')}
        className="col-12 sm:col-4"
        hint="Il giorno in cui è passato dalla pesa"
      >
        <Controller
          control={control}
          name="dataPesata"
          render={({ field }) => (
            <DateInput
              id={fid('dataPesata')}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('dataPesata')}
              max={todayIso()}
            />
          )}
        />
      </FormField>
      <FormField
        id={fid('numeroPesata')}
        label={L.numeroPesata ?? ''}
        error={err('numeroPesata')}
        className="col-12 sm:col-4"
        hint="Il numero della bolla di pesa"
      >
        <InputText
          id={fid('numeroPesata')}
          maxLength={30}
          autoComplete="off"
          className={`w-full${err('numeroPesata') ? ' p-invalid' : ''}`}
          {...invalidProps(fid('numeroPesata'), err('numeroPesata'))}
          {...register('numeroPesata')}
        />
      </FormField>
    </>
  );
}
