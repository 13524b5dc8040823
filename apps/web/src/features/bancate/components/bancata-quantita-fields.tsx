import { Controller, type UseFormReturn } from 'react-hook-form';
import type { BancataCreate, BancataCreateInput } from '@gestcava/contracts';
import { ComputedValues } from '@/components/form/computed-values';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { BANCATA_FIELD_LABELS as L } from './bancata-format';

type BancataForm = UseFormReturn<BancataCreateInput, unknown, BancataCreate>;
const fid = (name: string) => `bancata-${name}`;

/**
 * The bancata's measures in cm with the volume and estimated weight they give as they are typed,
 * and the by-products in t.
 */
export function BancataQuantitaFields({
  form,
  volume,
  peso,
  densita,
}: {
  form: BancataForm;
  /** m³ of the measures typed, when all three are */
  volume: number | null;
  /** t at the material's density, when known */
  peso: number | null;
  densita: number | undefined;
}) {
  const {
    control,
    formState: { errors },
  } = form;
  const err = (name: keyof BancataCreateInput) => errors[name]?.message;
  type NumberName =
    | 'lunghezza'
    | 'altezza'
    | 'profondita'
    | 'informiT'
    | 'scaglieT'
    | 'scaglieScureT'
    | 'scogliereT'
    | 'terreT';
  const numberField = (
    name: NumberName,
    unit: 'cm' | 't',
    extra: { required?: boolean; hint?: string } = {},
  ) => (
    <FormField
      id={fid(name)}
      label={L[name] ?? name}
      required={extra.required}
      hint={extra.hint}
      error={err(name)}
      className="col-12 sm:col-4"
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <NumberInput
            id={fid(name)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            decimals={unit === 'cm' ? 0 : 2}
            unit={unit}
            error={err(name)}
          />
        )}
      />
    </FormField>
  );
  const cm = (name: 'lunghezza' | 'altezza' | 'profondita') =>
    numberField(name, 'cm', { required: true });
  const tonnes = (name: 'informiT' | 'scaglieT' | 'scaglieScureT' | 'scogliereT' | 'terreT') =>
    numberField(name, 't', {
      hint:
        name === 'informiT'
          ? 'Quelli non registrati come blocchi: gli informi registrati contano col loro peso'
          : undefined,
    });

  return (
    <>
      <h3 className="form-section-title col-12">Misure</h3>
      {cm('lunghezza')}
      {cm('altezza')}
      {cm('profondita')}
      <div className="col-12">
        <ComputedValues
          label="Volume e peso calcolati"
          items={[
            {
              key: 'volumeLordo',
              label: 'Volume lordo',
              value: volume !== null ? formatVolume(volume) : null,
            },
            {
              key: 'pesoStimato',
              label: densita ? `Peso stimato (${formatNumber(densita, 2)} t/m³)` : 'Peso stimato',
              value: peso !== null ? formatWeight(peso) : null,
            },
          ]}
        />
      </div>

      <h3 className="form-section-title col-12">Sottoprodotti</h3>
      {tonnes('informiT')}
      {tonnes('scaglieT')}
      {tonnes('scaglieScureT')}
      {tonnes('scogliereT')}
      {tonnes('terreT')}
    </>
  );
}
