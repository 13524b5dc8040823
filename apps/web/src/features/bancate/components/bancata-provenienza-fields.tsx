import type { UseFormReturn } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import type { BancataCreate, BancataCreateInput } from '@gestcava/contracts';
import { DateField } from '@/components/form/date-field';
import { DropdownField } from '@/components/form/dropdown-field';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { LookupField } from '@/components/form/lookup-field';
import { BANCATA_FIELD_LABELS as L, METODO_TAGLIO_OPTIONS } from './bancata-format';

type BancataForm = UseFormReturn<BancataCreateInput, unknown, BancataCreate>;
const fid = (name: string) => `bancata-${name}`;

/** Where and when the bancata was cut: cava and fronte, the stone, the method, the cut and the overturning. */
export function BancataProvenienzaFields({ form }: { form: BancataForm }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const err = (name: keyof BancataCreateInput) => errors[name]?.message;
  return (
    <>
      <h3 className="form-section-title col-12">Provenienza</h3>
      <LookupField
        control={control}
        name="cavaId"
        kind="cave"
        id={fid('cavaId')}
        label="Cava"
        required
        error={err('cavaId')}
        cleared=""
        placeholder="Scegli la cava"
      />
      <FormField id={fid('fronte')} label={L.fronte ?? 'Fronte'} error={err('fronte')}>
        <InputText
          id={fid('fronte')}
          maxLength={80}
          autoComplete="off"
          className={`w-full${err('fronte') ? ' p-invalid' : ''}`}
          {...invalidProps(fid('fronte'), err('fronte'))}
          {...register('fronte')}
        />
      </FormField>
      <LookupField
        control={control}
        name="materialeId"
        kind="materiali"
        id={fid('materialeId')}
        label="Materiale"
        required
        error={err('materialeId')}
        cleared=""
        placeholder="Scegli il materiale"
      />
      <DropdownField
        control={control}
        name="metodoTaglio"
        id={fid('metodoTaglio')}
        label={L.metodoTaglio ?? 'Metodo di taglio'}
        error={err('metodoTaglio')}
        options={METODO_TAGLIO_OPTIONS}
        cleared={null}
        showClear
        placeholder="Non indicato"
      />
      <DateField
        control={control}
        name="dataTaglio"
        id={fid('dataTaglio')}
        label={L.dataTaglio ?? 'Data'}
        required
        error={err('dataTaglio')}
      />
      <DateField
        control={control}
        name="dataRibaltamento"
        id={fid('dataRibaltamento')}
        label={L.dataRibaltamento ?? 'Data'}
        error={err('dataRibaltamento')}
        hint="Se vuota, la mette il passaggio a «Ribaltata»"
      />
    </>
  );
}
