import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import {
  AUTOMEZZO_LABELS,
  AUTOMEZZO_PORTATA_MAX_T,
  AUTOMEZZO_TARA_MAX_KG,
  automezzoCreateSchema,
  formatTarga,
  type Automezzo,
  type AutomezzoCreate,
  type AutomezzoCreateInput,
} from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { NumberInput } from '@/components/form/number-input';
import { useCreateAutomezzo, useUpdateAutomezzo } from '../api/automezzi';

const FIELD_NAMES = Object.keys(AUTOMEZZO_LABELS);

/**
 * A truck, new or edited, in a dialog: the contract's schema checks each field as the user leaves it
 * (an Italian plate, a capacity up to 60 t, a tare in whole kg), the server's 409 on a plate the company has lands beside it.
 */
export function AutomezzoFormDialog({
  record,
  onClose,
  onSaved,
}: {
  record: Automezzo | null;
  onClose: () => void;
  onSaved: (saved: Automezzo) => void;
}) {
  const create = useCreateAutomezzo();
  const update = useUpdateAutomezzo(record?._id ?? '');
  const form = useForm<AutomezzoCreateInput, unknown, AutomezzoCreate>({
    resolver: zodResolver(automezzoCreateSchema),
    defaultValues: record
      ? {
          targa: formatTarga(record.targa),
          descrizione: record.descrizione,
          portataT: record.portataT,
          taraKg: record.taraKg,
          attivo: record.attivo,
        }
      : { targa: '', descrizione: '', taraKg: null, attivo: true },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { register, control, formState } = form;
  const err = (name: keyof AutomezzoCreateInput) => formState.errors[name]?.message;

  const save = async (values: AutomezzoCreate) =>
    onSaved(await (record ? update.mutateAsync(values) : create.mutateAsync(values)));

  return (
    <FormDialog
      name="automezzo"
      title={record ? `Modifica automezzo ${formatTarga(record.targa)}` : 'Nuovo automezzo'}
      form={form}
      fieldNames={FIELD_NAMES}
      draftOf={record?._id ?? 'nuovo'}
      onSave={save}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      width="36rem"
    >
      <div className="formgrid grid">
        <FormField
          id="automezzo-targa"
          label={AUTOMEZZO_LABELS.targa}
          required
          error={err('targa')}
          hint="Es. AB 123 CD: gli spazi non contano"
          className="col-12 md:col-5"
        >
          <InputText
            id="automezzo-targa"
            autoComplete="off"
            maxLength={12}
            className={`w-full uppercase-input${err('targa') ? ' p-invalid' : ''}`}
            {...invalidProps('automezzo-targa', err('targa'))}
            {...register('targa')}
          />
        </FormField>
        <FormField
          id="automezzo-portataT"
          label="Portata"
          required
          error={err('portataT')}
          hint={`Fino a ${AUTOMEZZO_PORTATA_MAX_T} t`}
          className="col-12 md:col-7"
        >
          <Controller
            control={control}
            name="portataT"
            render={({ field }) => (
              <NumberInput
                id="automezzo-portataT"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={2}
                unit="t"
                error={err('portataT')}
              />
            )}
          />
        </FormField>
        <FormField
          id="automezzo-taraKg"
          label="Tara"
          error={err('taraKg')}
          hint={`Il mezzo vuoto (trattore e semirimorchio per un bilico), fino a ${AUTOMEZZO_TARA_MAX_KG.toLocaleString('it-IT')} kg: con il carico, la massa complessiva che il DDT confronta con il limite di 44 t`}
          className="col-12"
        >
          <Controller
            control={control}
            name="taraKg"
            render={({ field }) => (
              <NumberInput
                id="automezzo-taraKg"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={0}
                unit="kg"
                error={err('taraKg')}
              />
            )}
          />
        </FormField>
        <FormField
          id="automezzo-descrizione"
          label={AUTOMEZZO_LABELS.descrizione}
          required
          error={err('descrizione')}
          hint="Marca, modello e allestimento, es. Scania R 580 bilico"
          className="col-12"
        >
          <InputText
            id="automezzo-descrizione"
            autoComplete="off"
            maxLength={120}
            className={`w-full${err('descrizione') ? ' p-invalid' : ''}`}
            {...invalidProps('automezzo-descrizione', err('descrizione'))}
            {...register('descrizione')}
          />
        </FormField>
        <div className="field col-12">
          <Controller
            control={control}
            name="attivo"
            render={({ field }) => (
              <div className="checkbox-field">
                <Checkbox
                  inputId="automezzo-attivo"
                  checked={field.value !== false}
                  onChange={(e) => field.onChange(e.checked === true)}
                />
                <label htmlFor="automezzo-attivo">In servizio: si può scegliere nei DDT</label>
              </div>
            )}
          />
        </div>
      </div>
    </FormDialog>
  );
}
