import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Checkbox } from 'primereact/checkbox';
import {
  __SINGULAR___LABELS,
  __singularCamel__CreateSchema,
  type __Singular__,
  type __Singular__Create,
  type __Singular__CreateInput,
} from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { useCreate__Singular__, useUpdate__Singular__ } from '../api/__plural__';

const FIELD_NAMES = Object.keys(__SINGULAR___LABELS);

/** A record, new or edited, in a dialog checked by the contract's schema; the server's 409 lands beside its field. */
export function __Singular__FormDialog({
  record,
  onClose,
  onSaved,
}: {
  record: __Singular__ | null;
  onClose: () => void;
  onSaved: (saved: __Singular__) => void;
}) {
  const create = useCreate__Singular__();
  const update = useUpdate__Singular__(record?._id ?? '');
  const form = useForm<__Singular__CreateInput, unknown, __Singular__Create>({
    resolver: zodResolver(__singularCamel__CreateSchema),
    defaultValues: record
      ? { nome: record.nome, note: record.note ?? '', attivo: record.attivo }
      : { nome: '', note: '', attivo: true },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { register, control, formState } = form;
  const err = (name: keyof __Singular__CreateInput) => formState.errors[name]?.message;

  const save = async (values: __Singular__Create) =>
    onSaved(await (record ? update.mutateAsync(values) : create.mutateAsync(values)));

  return (
    <FormDialog
      name="__singular__"
      title={record ? `Modifica ${record.nome}` : '__nuovo__ __labelSingularLower__'}
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
          id="__singular__-nome"
          label={__SINGULAR___LABELS.nome}
          required
          error={err('nome')}
          className="col-12"
        >
          <InputText
            id="__singular__-nome"
            autoComplete="off"
            maxLength={120}
            className={`w-full${err('nome') ? ' p-invalid' : ''}`}
            {...invalidProps('__singular__-nome', err('nome'))}
            {...register('nome')}
          />
        </FormField>
        <FormField
          id="__singular__-note"
          label={__SINGULAR___LABELS.note}
          error={err('note')}
          className="col-12"
        >
          <InputTextarea
            id="__singular__-note"
            rows={3}
            maxLength={500}
            className="w-full"
            {...register('note')}
          />
        </FormField>
        <div className="field col-12">
          <Controller
            control={control}
            name="attivo"
            render={({ field }) => (
              <div className="checkbox-field">
                <Checkbox
                  inputId="__singular__-attivo"
                  checked={field.value !== false}
                  onChange={(e) => field.onChange(e.checked === true)}
                />
                <label htmlFor="__singular__-attivo">Attivo</label>
              </div>
            )}
          />
        </div>
      </div>
    </FormDialog>
  );
}
