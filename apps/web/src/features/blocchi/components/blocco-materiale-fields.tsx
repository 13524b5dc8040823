import { LookupField } from '@/components/form/lookup-field';
import { fid } from './blocco-form-values';
import { CATEGORIA_OPTIONS, SCELTA_OPTIONS } from './blocco-format';
import { BloccoChoiceField, type BloccoForm } from './blocco-form-fields';

/**
 * The "Materiale, qualità, ubicazione" section of the blocco form: the stone (an own blocco's is
 * the bancata's unless changed), where it lies, its scelta and categoria.
 */
export function BloccoMaterialeFields({ form, interno }: { form: BloccoForm; interno: boolean }) {
  const {
    control,
    formState: { errors },
  } = form;
  const err = (name: 'materialeId' | 'ubicazioneId') => errors[name]?.message;
  return (
    <>
      <h3 className="form-section-title col-12">Materiale, qualità, ubicazione</h3>
      <LookupField
        control={control}
        name="materialeId"
        kind="materiali"
        id={fid('materialeId')}
        label="Materiale"
        required={!interno}
        error={err('materialeId')}
        className="col-12 md:col-6"
        hint={interno ? 'Di norma quello della bancata' : undefined}
        cleared={interno ? undefined : ''}
        placeholder="Scegli il materiale"
      />
      <LookupField
        control={control}
        name="ubicazioneId"
        kind="ubicazioni"
        id={fid('ubicazioneId')}
        label="Ubicazione"
        required
        error={err('ubicazioneId')}
        className="col-12 md:col-6"
        cleared=""
        placeholder="Dove si trova"
      />
      <BloccoChoiceField
        form={form}
        name="scelta"
        options={SCELTA_OPTIONS}
        className="col-12 sm:col-6"
      />
      <BloccoChoiceField
        form={form}
        name="categoria"
        options={CATEGORIA_OPTIONS}
        className="col-12 sm:col-6"
      />
    </>
  );
}
