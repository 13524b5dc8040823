import { Controller, useWatch } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { roundTo } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { DateField } from '@/components/form/date-field';
import { invalidProps } from '@/components/form/form-errors';
import { todayIso } from '@/lib/iso-date';
import { formatWeight } from '@/lib/format';
import { fid } from './blocco-form-values';
import { BLOCCO_FIELD_LABELS as L } from './blocco-format';
import { BloccoNumberField, type BloccoForm } from './blocco-form-fields';

/** 0,5–1,5 × the gross m³ × density, as the server checks a reading (docs/ddt.md "La pesata"). */
function rangeOf(volumeLordo: number | null, densita: number | undefined) {
  if (!volumeLordo || !densita) return null;
  const atteso = volumeLordo * densita;
  return { min: roundTo(atteso * 0.5, 2), max: roundTo(atteso * 1.5, 2) };
}

/**
 * The pesata: the tonnes read at the quarry's weighbridge, the day the block crossed it and the
 * ticket (bolla di pesa). The estrazione counts a block on that day. A reading far from the block
 * asks to be confirmed before the server takes it.
 */
export function BloccoPesataFields({
  form,
  volumeLordo,
  densita,
  saved,
}: {
  form: BloccoForm;
  volumeLordo: number | null;
  densita: number | undefined;
  /** The reading already stored: it is not asked about again. */
  saved: number | null;
}) {
  const { control, register } = form;
  const err = (name: 'dataPesata' | 'numeroPesata') => form.formState.errors[name]?.message;
  const peso = useWatch({ control, name: 'pesoPesa' });
  const range = rangeOf(volumeLordo, densita);
  const fuori =
    range != null && peso != null && peso !== saved && (peso < range.min || peso > range.max);
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
      {fuori && (
        <div className="field col-12" data-testid="blocco-peso-fuori-norma">
          <p className="text-orange-700 m-0 mb-2" role="status">
            Fuori norma: per questo blocco ci si attende tra {formatWeight(range.min)} e{' '}
            {formatWeight(range.max)}.
          </p>
          <Controller
            control={control}
            name="pesoFuoriNorma"
            render={({ field }) => (
              <div className="checkbox-field">
                <Checkbox
                  inputId={fid('pesoFuoriNorma')}
                  checked={field.value === true}
                  onChange={(e) => field.onChange(e.checked === true)}
                />
                <label htmlFor={fid('pesoFuoriNorma')}>Confermo il peso fuori norma</label>
              </div>
            )}
          />
        </div>
      )}
      <DateField
        control={control}
        name="dataPesata"
        id={fid('dataPesata')}
        label={L.dataPesata ?? ''}
        error={err('dataPesata')}
        className="col-12 sm:col-4"
        hint="Il giorno in cui è passato dalla pesa"
        max={todayIso()}
      />
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
